import Domain
import Foundation
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

/// Each published snapshot says what changed since the one before, row by row, and the data source answers
/// for a screen that skipped some: a screen applies the changes and compares no rows.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PageChangesTests {
  let page = PageFixture()

  /// The key of the row showing this track.
  func key(of trackID: Track.ID, in dataSource: ArtistTableDataSource) throws -> RowKey {
    let tracks = try #require(dataSource.sections.first { $0.id == .tracks })
    let row = try #require(tracks.rows.firstIndex { $0.isTrack(withId: trackID) })
    return tracks.rowKeys[row]
  }

  @Test func aDownloadsProgressMarksExactlyItsRowChanged() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let updates = dataSource.updates()
    page.downloads.reportProgress(0.5, for: "b")
    let snapshot = try await nextSnapshot(updates) { $0.cellModels[1].track?.downloadStatus != .notDownloaded }
    #expect(snapshot.changes == ArtistPageChanges(changedRows: [try key(of: "b", in: dataSource)]))
    #expect(snapshot.changes.keepsRowsInPlace)
  }

  @Test func aSortMarksTheOrderChangedAndNoModel() async {
    page.musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.snapshot.changes == ArtistPageChanges(orderChanged: true))
  }

  @Test func aReloadSaysWhichRowsCameAndWent() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.revision
    let (a, b, c) = (
      try key(of: "a", in: dataSource), try key(of: "b", in: dataSource), try key(of: "c", in: dataSource)
    )
    page.musicAPI.returnTracksWithIds(["a", "c", "d"])
    await dataSource.reload()
    #expect(try key(of: "a", in: dataSource) == a && key(of: "c", in: dataSource) == c, "rows that stay keep keys")
    let changes = try #require(dataSource.changes(since: before))
    #expect(
      changes == ArtistPageChanges(insertedRows: [try key(of: "d", in: dataSource)], removedRows: [b]),
      "the rows that stayed are in the same order, with the same models")
  }

  @Test func aReloadThatAnswersATrackDifferentlyMarksItsRowChanged() async throws {
    page.musicAPI.returnTracks([.fixture(id: "a", title: "Hello"), .fixture(id: "b", title: "Wonderwall")])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.revision
    page.musicAPI.returnTracks([.fixture(id: "a", title: "Hello"), .fixture(id: "b", title: "Wonderwall (Live)")])
    await dataSource.reload()
    #expect(dataSource.changes(since: before) == ArtistPageChanges(changedRows: [try key(of: "b", in: dataSource)]))
  }

  @Test func aFavouriteMarksItsRowChangedAndTheOrderChanged() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    try await dataSource.perform(.favourite, onTrackWithID: "c")
    #expect(dataSource.cellModels.trackIDs == ["c", "a", "b"])
    #expect(
      dataSource.snapshot.changes
        == ArtistPageChanges(changedRows: [try key(of: "c", in: dataSource)], orderChanged: true))
  }

  @Test func changesSinceAnOlderRevisionAreMergedIntoOneStep() async throws {
    page.musicAPI.returnTracks([
      .fixture(id: "a", title: "Wonderwall"), .fixture(id: "b", title: "Hello"),
      .fixture(id: "x", title: "Champagne", containsExplicitLyrics: true),
    ])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.revision
    let (a, b, x) = (
      try key(of: "a", in: dataSource), try key(of: "b", in: dataSource), try key(of: "x", in: dataSource)
    )
    let updates = dataSource.updates()
    page.downloads.reportProgress(0.5, for: "a")
    _ = try await nextSnapshot(updates) { $0.cellModels[0].track?.downloadStatus != .notDownloaded }
    dataSource.user = User(age: 12)
    #expect(dataSource.snapshot.changes == ArtistPageChanges(removedRows: [x]), "the explicit row left")
    dataSource.sortMode = .alphabeticalAscending
    dataSource.user = .adult
    #expect(dataSource.snapshot.changes == ArtistPageChanges(insertedRows: [x]), "and came back")
    page.musicAPI.returnTracks([.fixture(id: "a", title: "Wonderwall"), .fixture(id: "x", title: "Champagne")])
    await dataSource.reload()
    #expect(dataSource.revision > before + 4, "several revisions to merge")
    #expect(
      dataSource.changes(since: before)
        == ArtistPageChanges(changedRows: [a, x], removedRows: [b], orderChanged: true),
      "a row that went and came back is there at both ends, maybe elsewhere and maybe changed")
    let step = try #require(dataSource.changes(since: before + 1, upTo: before + 2))
    #expect(step == ArtistPageChanges(removedRows: [x]), "a range between two older revisions")
    #expect(dataSource.changes(since: dataSource.revision) == ArtistPageChanges())
  }

  @Test func changesSinceARevisionTooOldOrNotYetPublishedAreUnknown() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let first = dataSource.revision
    let updates = dataSource.updates()
    let ticks = ArtistTableDataSource.changeHistoryLength + 1
    // Each tick is shown before the next: the page reads a track's state when it hears of the change.
    for tick in 1...ticks {
      page.downloads.reportProgress(Double(tick) / Double(ticks + 1), for: "a")
      _ = try await nextSnapshot(updates) { $0.revision == first + tick }
    }
    #expect(dataSource.changes(since: first) == nil, "more revisions back than the data source keeps")
    let oldestKept = dataSource.revision - ArtistTableDataSource.changeHistoryLength
    #expect(dataSource.changes(since: oldestKept) == ArtistPageChanges(changedRows: [try key(of: "a", in: dataSource)]))
    #expect(dataSource.changes(since: dataSource.revision + 1) == nil, "a revision not yet published")
    #expect(dataSource.changes(since: oldestKept + 1, upTo: oldestKept) == nil, "revisions out of order")
  }

  @Test func anEchoOfAFavouriteTheRowsAlreadyShowPublishesNothing() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = dataSource.revision
    let updates = dataSource.updates()
    try await dataSource.perform(.favourite, onTrackWithID: "c")
    #expect(dataSource.revision == before + 1, "the favourite is shown once, as it is made")
    // The manager's own announcement is on its way; the feed's echo follows it, then a change made elsewhere:
    // the page hears them in this order, so once it shows the last one it has heard the others.
    page.favourites.announceAgain("c")
    page.favourites.favouritedTrackIds.insert("b")
    _ = try await nextSnapshot(updates) {
      $0.cellModels.contains { $0.track?.id == "b" && $0.track?.isFavourited == true }
    }
    #expect(
      dataSource.revision == before + 2, "one revision for the favourite made here, one for the one made elsewhere")
  }

  @Test func aPageKindsRuleSaysWhichTracksBelongOnIt() async throws {
    let tracks: [Track] = [
      .fixture(id: "hit", popularity: 90), .fixture(id: "miss", popularity: 10), .fixture(id: "fav", popularity: 5),
    ]
    let source = TrackSource.list { tracks }
    var popularOrFavourite = source
    popularOrFavourite.belongs = { track, isFavourited in isFavourited || track.popularity > 50 }
    let dataSource = ArtistTableDataSource(
      source: popularOrFavourite, downloadsManager: page.downloads, favouritesManager: page.favourites,
      formatting: .englishUTC)
    await dataSource.reload()
    #expect(dataSource.cellModels.trackIDs == ["hit"])
    try await dataSource.perform(.favourite, onTrackWithID: "fav")
    #expect(dataSource.cellModels.trackIDs == ["fav", "hit"], "a track that now belongs comes at once")
    #expect(dataSource.snapshot.changes == ArtistPageChanges(insertedRows: [try key(of: "fav", in: dataSource)]))
  }
}
