import Domain
import Foundation
import Presentation
import Services
import ServicesTestSupport
import Testing

/// Row keys: what a table's diffable data source takes as item identifiers, so they must follow their rows
/// through every change and never name two rows.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RowKeyTests {
  let page = PageFixture()

  @Test func everyRowHasOneKeyAndNoTwoRowsShareOne() async {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    page.playlists.returnPlaylistsWithName("Mix")
    page.musicAPI.returnRelatedArtistsWithNames("Blur")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(dataSource.sections.map(\.rowKeys.count) == dataSource.sections.map(\.rows.count))
    let keys = dataSource.sections.flatMap(\.rowKeys)
    #expect(keys.count == 5 && Set(keys).count == 5)
    #expect(keys.map(\.rawValue).sorted() == Array(0..<5), "keys count up from 0 in the order rows appeared")
  }

  @Test func aRowKeepsItsKeyThroughSortsFiltersAndLiveChanges() async throws {
    page.musicAPI.returnTracks([
      .fixture(id: "a", title: "Zebra", popularity: 1), .fixture(id: "b", title: "Apple", popularity: 3),
      .fixture(id: "c", title: "Rude", popularity: 2, containsExplicitLyrics: true),
    ])
    let dataSource = page.makeDataSource()
    let updates = dataSource.updates()
    await dataSource.reload()
    let before = keysByTrack(dataSource)
    dataSource.sortMode = .alphabeticalAscending
    #expect(keysByTrack(dataSource) == before)
    dataSource.sortMode = .mostPopular
    dataSource.user = User(age: 12)
    #expect(keysByTrack(dataSource) == before.filter { $0.key != "c" })
    dataSource.user = .adult
    page.downloads.setState(.downloading(progress: 0.5), for: "a")
    _ = try await nextSnapshot(updates) { snapshot in
      snapshot.cellModels.contains { $0.id.rawValue == "a" && $0.track?.downloadProgressText == "50%" }
    }
    try await page.favourites.setFavourited(true, trackID: "b")
    _ = try await nextSnapshot(updates) { $0.cellModels.first?.id.rawValue == "b" }
    #expect(dataSource.cellModels.first?.track?.isFavourited == true)
    #expect(keysByTrack(dataSource) == before, "pinned, downloading and filtered-back rows keep their keys")
  }

  @Test func aReloadThatChangesTheListKeepsTheKeysOfTracksThatCameBackAndNeverReusesAKey() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let before = keysByTrack(dataSource)
    page.musicAPI.returnTracksWithIds(["c", "d", "a"])
    await dataSource.reload()
    let after = keysByTrack(dataSource)
    #expect(after["a"] == before["a"] && after["c"] == before["c"])
    let newKey = try #require(after["d"])
    #expect(!before.values.contains(newKey), "b's key is not handed to d")
  }

  @Test func aTrackTheCatalogListsTwiceHasTwoRowsWithTwoKeysWhichTheyKeep() async {
    page.musicAPI.returnTracksWithIds(["a", "b", "a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let keys = dataSource.sections[0].rowKeys
    #expect(Set(keys).count == 3)
    page.musicAPI.returnTracksWithIds(["b", "a", "a", "e"])
    await dataSource.reload()
    let after = dataSource.sections[0].rowKeys
    #expect(Array(after.prefix(3)) == [keys[1], keys[0], keys[2]], "each copy of 'a' takes one of its keys back")
    #expect(!keys.contains(after[3]))
  }

  @Test func playlistAndRelatedArtistRowsKeepTheirKeysAcrossReloads() async {
    page.musicAPI.returnTracksWithIds(["a"])
    page.playlists.returnPlaylistsWithName("Mix", "Live")
    page.musicAPI.returnRelatedArtistsWithNames("Blur", "Pulp")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let playlists = dataSource.sections[1].rowKeys
    let related = dataSource.sections[2].rowKeys
    page.playlists.returnPlaylistsWithName("Live", "New")
    page.musicAPI.returnRelatedArtistsWithNames("Pulp", "Blur")
    await dataSource.reload()
    #expect(dataSource.sections[1].rowKeys.first == playlists[1])
    #expect(!playlists.contains(dataSource.sections[1].rowKeys[1]))
    #expect(dataSource.sections[2].rowKeys == [related[1], related[0]])
  }

  @Test func keysHashByTheirNumberAloneWithEverySeed() {
    let key = RowKey(rawValue: 41)
    #expect(key == RowKey(rawValue: 41) && key != RowKey(rawValue: 42))
    #expect(key._rawHashValue(seed: 3) == RowKey(rawValue: 41)._rawHashValue(seed: 3))
    #expect(key._rawHashValue(seed: 3) != key._rawHashValue(seed: 4))
    let many = Set((0..<100_000).map { RowKey(rawValue: $0)._rawHashValue(seed: 0) })
    #expect(many.count == 100_000)
    #expect(key.description == "row 41" && RowKey(rawValue: 1) < key)
  }

  /// Each shown track's row key, by the track's identifier.
  private func keysByTrack(_ dataSource: ArtistTableDataSource) -> [String: RowKey] {
    var keys: [String: RowKey] = [:]
    for section in dataSource.sections where section.id == .tracks {
      for (row, key) in zip(section.rows, section.rowKeys) { keys[row.id.rawValue] = key }
    }
    return keys
  }
}
