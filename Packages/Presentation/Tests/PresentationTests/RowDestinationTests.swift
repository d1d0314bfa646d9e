import Domain
import Presentation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

/// Where selecting a row leads, and the track playing, as values of the page.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RowDestinationTests {
  let page = PageFixture()

  @Test func aTrackRowPlaysAPlaylistRowOpensThePlaylistAndARelatedArtistRowOpensTheArtist() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    page.musicAPI.returnRelatedArtists([.fixture(id: "blur", name: "Blur")])
    page.playlists.returnPlaylists([.fixture(id: "mix", name: "Britpop Mix", tracks: [.fixture(id: "a")])])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    #expect(
      dataSource.cellModels.map(\.destination) == [
        .playTrack("a"), .openPlaylist("mix", title: "Britpop Mix"), .openArtist("blur"),
      ])
  }

  @Test func playingATrackMarksItsRowAndUnmarksTheOneBeforeInOneSnapshotWithoutMovingRows() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b", "c"])
    page.favourites.favouritedTrackIds = ["c"]
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    let keys = dataSource.sections[0].rowKeys
    dataSource.play("b")
    #expect(dataSource.nowPlaying == "b")
    #expect(dataSource.cellModels.compactMap(\.track).map(\.isPlaying) == [false, false, true])
    let updates = dataSource.updates()
    dataSource.play("c")
    let snapshot = try await nextSnapshot(updates) { _ in true }
    #expect(snapshot.cellModels.compactMap(\.track).map(\.id) == ["c", "a", "b"])
    #expect(snapshot.cellModels.compactMap(\.track).map(\.isPlaying) == [true, false, false])
    #expect(dataSource.sections[0].rowKeys == keys, "rows keep their keys and places")
  }

  @Test func aTrackPlayingKeepsItsMarkThroughASortAndAReloadThatBringsItBack() async throws {
    page.musicAPI.returnTracks([.fixture(id: "a", title: "Zebra"), .fixture(id: "b", title: "Apple")])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.play("a")
    dataSource.sortMode = .alphabeticalAscending
    #expect(dataSource.cellModels.compactMap(\.track).map(\.isPlaying) == [false, true])
    page.musicAPI.returnTracks([.fixture(id: "c", title: "Mango"), .fixture(id: "a", title: "Zebra")])
    await dataSource.reload()
    #expect(dataSource.cellModels.compactMap(\.track).map(\.id) == ["c", "a"])
    #expect(dataSource.cellModels.compactMap(\.track).map(\.isPlaying) == [false, true])
  }

  @Test func playingTheTrackAlreadyPlayingPublishesNothing() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    dataSource.play("a")
    let updates = dataSource.updates()
    dataSource.play("a")
    // A change published after the repeated play is the next one to arrive: the repeat published none.
    page.favourites.favouritedTrackIds = ["b"]
    let next = try await nextSnapshot(updates) { _ in true }
    #expect(next.cellModels.first?.track?.id == "b", "the first snapshot after the repeat is the favourite's")
  }
}
