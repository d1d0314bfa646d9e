import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Services
import ServicesTestSupport
import Testing

/// What grid pages refuse, each in one line: a grid with no artist to be about, no playlists in the catalog, a
/// load that fails (the open page stays), a command that works on tracks only, and a poster that is not there.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct GridSessionErrorTests: GridSessionFixture {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()
  let loader = MockArtworkLoader()

  @Test func aGridNeedsAnArtistOnTheOpenPage() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("favourites")
    #expect(
      await session.run("playlists").error
        == "playlists: the open page has no artist; open one with 'artist <name or id>' first.")
    #expect(
      await session.run("releases").error
        == "releases: the open page has no artist; open one with 'artist <name or id>' first.")
    #expect(session.pageTitle == "Favourites")
  }

  @Test func playlistsNeedACatalogWithPlaylists() async {
    let session = makeSession(hasPlaylists: false)
    _ = await session.run("artist oasis")
    #expect(await session.run("playlists").error == "playlists: this catalog has no playlists.")
    #expect(session.pageTitle == "Oasis")
    #expect(await session.run("releases").error == nil, "releases come from the music catalog")
  }

  @Test func aGridThatFailsToLoadLeavesTheOpenPageAsItWas() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    playlistAPI.failCalls(with: .unavailable(reason: "down for maintenance"))
    let playlists = await session.run("playlists")
    #expect(
      playlists.error
        == "Cannot open the playlists featuring Oasis: \(PlaylistAPIError.unavailable(reason: "down for maintenance"))")
    #expect(playlists.errorCode == "playlists.unavailable")
    musicAPI.failCalls(to: .tracks, with: .unavailable(reason: "catalog offline"))
    let releases = await session.run("releases")
    #expect(
      releases.error == "Cannot open the releases of Oasis: \(MusicAPIError.unavailable(reason: "catalog offline"))")
    #expect(releases.errorCode == "music.unavailable")
    #expect(session.pageTitle == "Oasis" && session.screen != nil)
    #expect(await session.run("back").error == "There is no previous page.", "no failed grid was kept for back")
  }

  @Test func commandsForTracksSayTheyWorkOnTracksOnlyOnAGrid() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let refused = [
      ("sort popular", "sort"), ("deselect", "deselect"), ("actions 1", "actions"), ("action Favourite 1", "action"),
      ("download 1", "download"), ("favourite 1", "favourite"), ("unfavourite 1", "unfavourite"),
    ]
    for (line, name) in refused {
      let output = await session.run(line)
      #expect(output.error == "'\(name)' works on a page of tracks; this page is a grid of posters.", "\(line)")
      #expect(output.lines.isEmpty, "\(line)")
    }
    #expect(favourites.requests.isEmpty && downloads.startedDownloads.isEmpty)
    #expect(session.pageTitle == "Playlists featuring Oasis")
  }

  @Test func theViewersAgeSetOnAGridAppliesToThePagesOpenedFromIt() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("releases")
    let output = await session.run("user age 12")
    #expect(output.error == nil)
    #expect(output.lines == session.drawnGrid)
    let release = await session.run("select 1")
    #expect(release.lines.first == "Stand By Me")
    #expect(session.screen?.rowCount == 0, "the release's one track is explicit")
  }

  @Test func aPosterThatIsNotThereIsOneLineAsARowThatIsNotIs() async {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    for line in ["select 8", "cell 8", "scroll to 8"] {
      #expect(await session.run(line).error == "There is no poster 8: the grid has 7 posters.", "\(line)")
    }
    #expect(await session.run("select 2.1").error == "There is no poster 2.1: the grid has 1 section of 7 posters.")
    #expect(await session.run("cell 1.3").lines.contains("title: Manchester"), "1.3 is the third poster")
    #expect(session.pageTitle == "Playlists featuring Oasis")
  }
}
