import Domain
import PresentationTestSupport
import Testing

@testable import Presentation

/// The rows of a section: they read like an array, and a change to one row leaves the others' storage shared.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ArtistTableRowsTests {
  static func rows(_ count: Int, titled prefix: String = "Track") -> [ArtistCellModelType] {
    (0..<count).map {
      .track(
        TrackCellModel(
          id: Track.ID(rawValue: "t\($0)"), title: "\(prefix) \($0)", duration: "3:45", releaseDate: "2024",
          isExplicit: false, isFavourited: false, downloadStatus: .notDownloaded))
    }
  }

  @Test(arguments: [0, 1, 1_023, 1_024, 1_025, 2_500])
  func readLikeTheArrayTheyWereMadeFromOnEitherSideOfAChunkBoundary(count: Int) {
    let array = Self.rows(count)
    let rows = ArtistTableRows(array)
    #expect(rows.count == count)
    #expect(rows.isEmpty == array.isEmpty)
    #expect(rows.indices == array.indices)
    #expect(Array(rows) == array)
    #expect(Array(rows.reversed()) == array.reversed())
    for position in [0, 1_022, 1_023, 1_024, 1_025, count - 1] where array.indices.contains(position) {
      #expect(rows[position] == array[position], "row \(position)")
    }
    #expect(rows.description == array.description)
  }

  @Test func rowsWrittenInAnyOrderEqualTheSameRowsAppended() {
    let array = Self.rows(2_101)
    let order = (0..<array.count).map { ($0 * 7) % array.count }
    #expect(Set(order).count == array.count, "7 and 2,101 share no factor, so every row is written once")
    let written = ArtistTableRows(unsafeUninitializedCount: array.count) { writer in
      for row in order { writer.initialize(row, to: array[row]) }
    }
    #expect(Array(written) == array)
    #expect(written == ArtistTableRows(array))
    #expect(written.hashValue == ArtistTableRows(array).hashValue)
  }

  @Test func changingARowLeavesACopyAsItWasAndCopiesOnlyTheChunkThatHoldsIt() {
    let array = Self.rows(2_500)
    let before = ArtistTableRows(array)
    var after = before
    let changed = Self.rows(1, titled: "Changed")[0]
    after[1_500] = changed
    #expect(before[1_500] == array[1_500], "the copy made before the change still holds the row as it was")
    #expect(after[1_500] == changed)
    #expect(Array(after[..<1_500]) == Array(array[..<1_500]))
    #expect(Array(after[1_501...]) == Array(array[1_501...]))
    let copied = (0..<after.count).filter { !after.sharesChunk(ofRowAt: $0, with: before) }
    #expect(copied == Array(1_024..<2_048), "only the chunk of row 1,500 was copied")
    let copy = after.chunkIdentity(ofRowAt: 1_500)
    after[1_600] = changed
    #expect(
      after.chunkIdentity(ofRowAt: 1_600) == copy, "a second change to a chunk the value alone holds writes in place")
    #expect(before[1_600] == array[1_600])
    #expect(before == ArtistTableRows(array), "the rows before are whole and unchanged")
  }

  @Test func appendingToACopyLeavesTheOriginalAsItWas() {
    let array = Self.rows(1_030)
    let original = ArtistTableRows(array.prefix(1_025))
    var longer = original
    for row in array[1_025...] { longer.append(row) }
    #expect(Array(original) == Array(array.prefix(1_025)))
    #expect(original == ArtistTableRows(array.prefix(1_025)), "the original's last chunk still holds one row")
    #expect(original.hashValue == ArtistTableRows(array.prefix(1_025)).hashValue)
    #expect(Array(longer) == array)
    #expect(longer.sharesChunk(ofRowAt: 0, with: original), "the full chunk before stays shared")
    #expect(!longer.sharesChunk(ofRowAt: 1_024, with: original), "the shared last chunk was copied to grow")
  }

  @Test func rowsWrittenToTheirCountGrowPastItWhenAppendedTo() {
    let array = Self.rows(1_503)
    var rows = ArtistTableRows(unsafeUninitializedCount: 1_500) { writer in
      for row in 0..<1_500 { writer.initialize(row, to: array[row]) }
    }
    // The rows alone hold their last chunk, made for 476 rows: it grows to take three more.
    for row in array[1_500...] { rows.append(row) }
    #expect(Array(rows) == array)
    #expect(rows == ArtistTableRows(array))
  }

  @Test func equalRowsAreEqualWhateverTheirStorageAndOnlyTheSameStorageIsIdentical() {
    let array = Self.rows(1_500)
    let rows = ArtistTableRows(array)
    let same = ArtistTableRows(array)
    #expect(rows == same)
    #expect(rows.hashValue == same.hashValue)
    #expect(!rows.isTriviallyIdentical(to: same))
    let copy = rows
    #expect(copy.isTriviallyIdentical(to: rows))
    var oneRowChanged = same
    oneRowChanged[1_499] = Self.rows(1, titled: "Changed")[0]
    #expect(rows != oneRowChanged)
    #expect(rows != ArtistTableRows(array.dropLast()))
    #expect(ArtistTableRows() == [])
    #expect(ArtistTableRows([array[0], array[1]]) == [array[0], array[1]])
  }

  @Test func playingATrackOnALargePageCopiesOnlyTheChunksOfTheRowsThatChanged() async throws {
    let page = PageFixture()
    page.musicAPI.returnTracksWithIds((0..<3_000).map { Track.ID(rawValue: "t\($0)") })
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    await dataSource.waitUntilLoaded()
    dataSource.play("t10")
    let before = try #require(dataSource.sections.first?.rows)
    #expect(before.count == 3_000)
    dataSource.play("t2900")
    let after = try #require(dataSource.sections.first?.rows)
    #expect(after[10].track?.isPlaying == false)
    #expect(after[2_900].track?.isPlaying == true)
    #expect(before[10].track?.isPlaying == true, "the rows published before are left as they were")
    #expect(before[2_900].track?.isPlaying == false)
    let copied = Set((0..<after.count).filter { !after.sharesChunk(ofRowAt: $0, with: before) })
    #expect(copied == Set(Array(0..<1_024) + Array(2_048..<3_000)), "the chunks of rows 10 and 2,900")
  }
}
