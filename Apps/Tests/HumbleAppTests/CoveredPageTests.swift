import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// Only the open page fetches its tracks in the background: a page covered by one opening over it, or kept for
/// back, waits until it is shown again, and a page that fails to open leaves it fetching.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct CoveredPageTests {
  let musicAPI = MockMusicAPI()
  let playlistAPI = MockPlaylistAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()
  /// More tracks than one first page (50).
  let tracks = (0..<1_200).map { Track.fixture(id: Track.ID("s\($0)"), title: "Song \($0)", artistID: "oasis") }

  func makeSession() -> Session {
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis"), .fixture(id: "blur", name: "Blur")])
    musicAPI.returnTracks(tracks, forArtist: "oasis")
    musicAPI.returnTracks([.fixture(id: "b1", title: "Parklife", artistID: "blur")], forArtist: "blur")
    playlistAPI.returnPlaylistsWithName("Britpop")
    return Session(
      musicAPI: musicAPI, playlistAPI: playlistAPI, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, rows: 10)
  }

  /// Opens Oasis's page with its second page held, and answers its data source.
  func openOasis(_ session: Session) async throws -> (ArtistTableDataSource, HeldCall) {
    let held = musicAPI.holdTrackPage(startingAt: 50)
    let opened = await session.run("artist oasis")
    #expect(opened.error == nil)
    await held.waitUntilReached()
    let dataSource = try #require(session.screen?.dataSource)
    #expect(!dataSource.isPagingPaused)
    return (dataSource, held)
  }

  /// Releases the held page and waits: every track of Oasis's page arrives.
  func expectTheRestArrives(in session: Session, releasing held: HeldCall) async throws {
    held.release()
    _ = await session.run("wait")
    #expect(
      session.screen?.dataSource.trackLoading
        == TrackLoading(loadedCount: 1_200, totalCount: 1_200, isInProgress: false))
  }

  @Test func aPageIsPausedWhileAnotherOpensOverIt() async throws {
    let session = makeSession()
    let (oasis, held) = try await openOasis(session)
    let blursFirstPage = musicAPI.holdTrackPage(startingAt: 0)
    let opening = Task { await session.run("artist blur") }
    await blursFirstPage.waitUntilReached()
    #expect(oasis.isPagingPaused, "Oasis's rest waits while Blur's first page loads")
    #expect(session.pageTitle == "Oasis")
    blursFirstPage.release()
    let opened = await opening.value
    #expect(opened.error == nil)
    #expect(session.pageTitle == "Blur")
    #expect(session.screen?.dataSource.isPagingPaused == false)
    held.release()
  }

  @Test func aPageThatFailsToOpenLeavesTheOpenPageFetching() async throws {
    let session = makeSession()
    let (oasis, held) = try await openOasis(session)
    musicAPI.failTrackPage(startingAt: 0, with: .unavailable(reason: "the catalog is resting"))
    let failed = await session.run("artist blur")
    #expect(failed.error != nil)
    #expect(session.pageTitle == "Oasis")
    #expect(!oasis.isPagingPaused)
    try await expectTheRestArrives(in: session, releasing: held)
  }

  @Test func aPageKeptForBackWaitsUntilItIsShownAgain() async throws {
    let session = makeSession()
    let (oasis, held) = try await openOasis(session)
    let grid = await session.run("playlists")
    #expect(grid.error == nil)
    #expect(session.grid != nil)
    #expect(oasis.isPagingPaused, "the grid covers Oasis's page")
    let back = await session.run("back")
    #expect(back.error == nil)
    #expect(session.screen?.dataSource === oasis)
    #expect(!oasis.isPagingPaused)
    try await expectTheRestArrives(in: session, releasing: held)
  }
}
