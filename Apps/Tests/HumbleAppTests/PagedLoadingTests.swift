import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// A large page over a catalog that answers in pages: the first screen at once, the rest while the user works.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PagedLoadingTests {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()
  /// More tracks than one first page (50): "Song 0" to "Song 1199", in catalog order.
  let tracks = (0..<1_200).map { Track.fixture(id: Track.ID("s\($0)"), title: "Song \($0)", artistID: "oasis") }

  func makeSession() -> Session {
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    musicAPI.returnTracks(tracks, forArtist: "oasis")
    return Session(
      musicAPI: musicAPI, playlistAPI: nil, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, rows: 10)
  }

  @Test func theFirstScreenShowsWithItsProgressBeforeTheRestArrives() async throws {
    let session = makeSession()
    let held = musicAPI.holdTrackPage(startingAt: 50)
    let opened = await session.run("artist oasis")
    #expect(opened.error == nil)
    #expect(Array(opened.lines.prefix(2)) == ["Oasis", "(loading 50 of 1,200 tracks)"])
    #expect(opened.lines.contains { $0.contains("Song 0") })
    #expect(session.screen?.rowCount == 50)
    guard case .object(let page)? = opened.document["page"], case .object(let progress)? = page["tracks"] else {
      Issue.record("the page document has no track progress")
      return
    }
    #expect(progress["loaded"] == .int(50) && progress["total"] == .int(1_200) && progress["loading"] == .bool(true))
    held.release()
    let waited = await session.run("wait")
    #expect(!waited.lines.contains { $0.hasPrefix("(loading") })
    #expect(session.screen?.rowCount == 1_200)
  }

  @Test func pagesOpenedAfterThePagingChangesAskForPagesAsItSays() async throws {
    let session = makeSession()
    session.trackPaging = .firstScreenThenLargest
    _ = await session.run("artist oasis")
    _ = await session.run("wait")
    #expect(session.screen?.rowCount == 1_200)
    let pages = musicAPI.requestedTrackPages
    #expect(pages.map(\.limit) == [50, TrackPageRequest.maximumLimit], "the first screen, then the largest page")
    #expect(pages.map(\.nextLimit) == [TrackPageRequest.maximumLimit, TrackPageRequest.maximumLimit])
  }

  @Test func sortingSelectingAndFavouritingWorkWhileTheRestIsHeld() async throws {
    let session = makeSession()
    let held = musicAPI.holdTrackPage(startingAt: 50)
    _ = await session.run("artist oasis")
    await held.waitUntilReached()
    let sorted = await session.run("sort reverse")
    #expect(sorted.lines.first { $0.contains("Song") }?.contains("Song 49") == true, "the first page, Z to A")
    let selected = await session.run("select 2")
    #expect(selected.error == nil)
    #expect(session.screen?.table.indexPathsForSelectedRows?.count == 1)
    let favourited = await session.run("favourite 3")
    #expect(favourited.error == nil)
    #expect(favourites.favouritedTrackIds.count == 1)
    #expect(session.screen?.dataSource.trackLoading.isInProgress == true, "all this happened while page 2 was held")
    held.release()
    _ = await session.run("wait")
    let rows = session.screen?.snapshot.cellModels ?? []
    #expect(rows.count == 1_200)
    #expect(rows.first?.track?.isFavourited == true, "the favourite stays pinned first")
    // The rest is in the same order as a page loaded in one go.
    let reference = ArtistTableDataSource(
      artistID: "oasis", musicAPI: musicAPI, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, trackPaging: TrackPaging(firstPageSize: TrackPageRequest.maximumLimit * 2))
    reference.sortMode = .alphabeticalDescending
    await reference.reload()
    await reference.waitUntilLoaded()
    // The track selected plays, there as here.
    #expect(session.screen?.dataSource.nowPlaying == "s48")
    reference.play("s48")
    #expect(rows == reference.cellModels)
  }

  @Test func aLaterPageFailingKeepsTheFirstScreenAndShowsHowFarItGot() async throws {
    let session = makeSession()
    musicAPI.failTrackPage(startingAt: 50, with: .unavailable(reason: "the server went away"))
    _ = await session.run("artist oasis")
    let waited = await session.run("wait")
    #expect(waited.lines.first == "(loaded 50 of 1,200 tracks)")
    #expect(session.screen?.rowCount == 50)
    #expect(
      session.screen?.dataSource.state == .failed(.music(.unavailable(reason: "the server went away"))))
    let reloaded = await session.run("reload")
    #expect(reloaded.error == nil)
    _ = await session.run("wait")
    #expect(session.screen?.rowCount == 1_200)
  }
}
