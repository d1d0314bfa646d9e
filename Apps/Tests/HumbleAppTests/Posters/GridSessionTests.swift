import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Services
import ServicesTestSupport
import Testing

/// The REPL's grid pages: `playlists` and `releases` open them over the open page's artist, and `show`, `select`,
/// `scroll`, `cell`, `reload` and `back` work on them as they do on tables.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct GridSessionTests: GridSessionFixture {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()
  let loader = MockArtworkLoader()

  @Test func playlistsOpensAGridOfThePlaylistsFeaturingTheArtistUnderAHeading() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let output = await session.run("playlists")
    #expect(output.error == nil)
    let grid = try #require(session.grid)
    #expect(session.screen == nil)
    #expect(session.pageTitle == "Playlists featuring Oasis")
    #expect(output.lines == ["Playlists featuring Oasis"] + session.drawnGrid)
    #expect(grid.snapshot.cellModels.map(\.title) == GridCatalog.playlistNames)
    #expect(playlistAPI.requestedArtistIDs.last == "oasis")
    // Not a terminal: 80 columns hold three 20-column posters; the viewport of 12 lines holds one line of them.
    #expect(grid.columns == 3)
    #expect(session.displayedPosterTitles == ["Britpop", "Nineties", "Manchester"])
    #expect(await session.run("show").lines == session.drawnGrid)
  }

  @Test func releasesOpensAGridOfTheArtistsReleasesNewestFirst() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    let output = await session.run("releases")
    #expect(output.error == nil)
    #expect(output.lines == ["Releases of Oasis"] + session.drawnGrid)
    let models = try #require(session.grid?.snapshot.cellModels)
    #expect(models.map(\.title) == ["Stand By Me", "Roll With It", "Supersonic"])
    #expect(models.map(\.subtitle) == ["1 track · 3 min · 1997", "2 tracks · 6 min · 1995", "2 tracks · 6 min · 1994"])
    #expect(models.allSatisfy { $0.artworkURL == GridCatalog.oasisPicture })
  }

  @Test func aSelectedPosterOpensItsPageOfTracksAndBackReturnsToTheGridThenTheArtist() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    let playlist = await session.run("select 2")
    #expect(playlist.error == nil)
    #expect(playlist.lines.first == "Nineties")
    #expect(playlist.lines.contains { $0.contains("Live Forever") })
    #expect(session.pageTitle == "Nineties")
    #expect(session.screen != nil && session.grid == nil)
    let backToGrid = await session.run("back")
    #expect(backToGrid.lines == ["Playlists featuring Oasis"] + session.drawnGrid)
    #expect(session.grid === grid, "the grid that was left is the one shown again")
    _ = await session.run("releases")
    let release = await session.run("select 2")
    #expect(release.lines.first == "Roll With It")
    #expect(release.lines.contains { $0.contains("Wonderwall") })
    #expect(!release.lines.contains { $0.contains("Supersonic") })
    #expect(await session.run("back").lines.first == "Releases of Oasis")
    #expect(await session.run("back").lines.first == "Playlists featuring Oasis")
    let artistPage = await session.run("back")
    #expect(artistPage.lines.first == "Oasis")
    #expect(session.pageTitle == "Oasis" && session.screen != nil)
    #expect(await session.run("back").error == "There is no previous page.")
  }

  @Test func scrollingMovesTheViewportByLinesOfPosters() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    let down = await session.run("scroll down")
    #expect(grid.visibleIndexes == [3, 4, 5])
    #expect(down.lines == session.drawnGrid)
    _ = await session.run("scroll down")
    #expect(grid.visibleIndexes == [6])
    _ = await session.run("scroll down")
    #expect(grid.visibleIndexes == [6], "the last line stays in view")
    _ = await session.run("scroll up")
    #expect(grid.visibleIndexes == [3, 4, 5])
    _ = await session.run("scroll top")
    #expect(grid.visibleIndexes == [0, 1, 2])
    _ = await session.run("scroll bottom")
    #expect(grid.visibleIndexes == [6])
    _ = await session.run("scroll to 5")
    #expect(grid.visibleIndexes == [3, 4, 5])
    #expect(session.displayedPosterTitles == ["Anthems", "Road Trip", "Rainy Days"])
  }

  @Test func aTallViewportScrollsByAsManyLinesAsItHolds() async throws {
    let session = makeSession(rows: 26)
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    #expect(grid.linesPerScreen == 2)
    #expect(grid.visibleIndexes == Array(0..<6))
    _ = await session.run("scroll down")
    #expect(grid.visibleIndexes == [3, 4, 5, 6], "the last top line leaves the last line in view")
    _ = await session.run("scroll to 1")
    #expect(grid.visibleIndexes == Array(0..<6))
  }

  @Test func theGridIsNeverLowerThanOneLineOfPosters() async throws {
    let session = makeSession(rows: 3)
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    #expect(grid.collectionView.frame.height == 12)
    #expect(grid.visibleIndexes == [0, 1, 2])
  }

  @Test func aWidthChangeResizesTheGridBeforeItIsDrawnKeepingTheFirstPosterShownInView() async throws {
    let session = makeSession()
    session.renderOptions = RenderOptions(width: 100)
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    let grid = try #require(session.grid)
    #expect(grid.columns == 4)
    _ = await session.run("scroll down")
    #expect(grid.visibleIndexes == [4, 5, 6])
    session.renderOptions.width = 44
    let shown = await session.run("show")
    #expect(grid.columns == 2)
    #expect(grid.visibleIndexes == [4, 5], "poster 5, first shown before, is still in view")
    #expect(shown.lines == session.drawnGrid)
  }

  @Test func reloadFetchesThePostersAgainAndAFailureKeepsThem() async throws {
    let session = makeSession()
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    playlistAPI.returnPlaylists([GridCatalog.playlist(7), GridCatalog.playlist(1)], forArtist: "oasis")
    let reloaded = await session.run("reload")
    #expect(reloaded.error == nil)
    #expect(session.displayedPosterTitles == ["Encore", "Britpop"])
    #expect(reloaded.lines == session.drawnGrid)
    playlistAPI.failCalls(with: .unavailable(reason: "down for maintenance"))
    let failed = await session.run("reload")
    #expect(failed.error == "reload failed: \(PlaylistAPIError.unavailable(reason: "down for maintenance"))")
    #expect(session.displayedPosterTitles == ["Encore", "Britpop"])
  }

  @Test func aPosterWithoutArtworkSaysNoneAndASessionWithoutALoaderSaysWhyNothingLoads() async throws {
    let session = makeSession(hasArtworkLoader: false)
    _ = await session.run("artist blur")
    _ = await session.run("releases")
    #expect(await session.run("cell 1").lines.last == "artwork: none")
    _ = await session.run("artist oasis")
    _ = await session.run("playlists")
    _ = await session.run("wait")
    #expect(
      await session.run("cell 1").lines.last
        == "artwork: failed: Artwork at https://images.example.com/p1.jpg is unreachable: this session loads no artwork"
    )
  }
}
