import Domain
import Foundation
import HumbleApp
import Services
import ServicesTestSupport
import Synchronization
import Testing

/// A favourites manager that stores at once but holds each announcement until the test releases it, as a
/// stream consumed on another executor may deliver it late.
final class LateAnnouncingFavouritesManager: FavouritesManager, Sendable {
  private struct State {
    var stored: Set<Track.ID> = []
    var held: [FavouriteChange] = []
  }

  private let state = Mutex(State())
  private let broadcaster = ChangeBroadcaster<FavouriteChange>()

  var favouritedTrackIDs: Set<Track.ID> { state.withLock { $0.stored } }
  func isFavourited(_ trackID: Track.ID) -> Bool { state.withLock { $0.stored.contains(trackID) } }

  func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] { trackIDs.map(isFavourited) }

  func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    state.withLock { state in
      if isFavourited { state.stored.insert(trackID) } else { state.stored.remove(trackID) }
      state.held.append(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
    }
  }

  /// Sends the held announcements, in the order their changes were stored.
  func announceHeld() {
    let held = state.withLock { state in
      defer { state.held = [] }
      return state.held
    }
    for change in held { broadcaster.send(change) }
  }

  /// Stores and announces a change made elsewhere, after every held announcement.
  func setFavouritedElsewhere(_ isFavourited: Bool, trackID: Track.ID) {
    state.withLock { state in
      if isFavourited { state.stored.insert(trackID) } else { state.stored.remove(trackID) }
    }
    announceHeld()
    broadcaster.send(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
  }

  func changes() -> AsyncStream<FavouriteChange> { broadcaster.stream() }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ActionOutputTests {
  @Test("A favourite command's output shows the favourite even when its announcement arrives late")
  func aFavouriteCommandShowsItsOwnChange() async {
    let musicAPI = MockMusicAPI()
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis")])
    musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    let favourites = LateAnnouncingFavouritesManager()
    let session = Session(
      musicAPI: musicAPI, playlistAPI: nil, downloadsManager: MockDownloadsManager(), favouritesManager: favourites,
      formatting: .englishUTC, rows: 10)
    _ = await session.run("artist oasis")
    let favourited = await session.run("favourite 3")
    #expect(favourited.error == nil)
    #expect(favourited.lines.dropFirst().first?.contains("♥") == true, "\(favourited.lines)")
    #expect(favourited.lines.dropFirst().first?.contains("Supersonic") == true, "a favourite is pinned first")
    let unfavourited = await session.run("unfavourite 1")
    #expect(unfavourited.error == nil)
    #expect(!unfavourited.lines.contains { $0.contains("♥") }, "\(unfavourited.lines)")

    // The two late announcements arrive now, then a favourite set elsewhere: the late "favourited" must not
    // bring back the heart the unfavourite took away.
    let live = LiveOutputRecorder(session)
    favourites.setFavouritedElsewhere(true, trackID: "Wonderwall")
    let lines = await live.next()
    #expect(lines.count == 1 && lines[0].contains("Wonderwall"), "\(lines)")
    let shown = await session.run("show")
    #expect(shown.lines.filter { $0.contains("♥") }.count == 1, "\(shown.lines)")
    #expect(shown.lines.first { $0.contains("♥") }?.contains("Wonderwall") == true, "\(shown.lines)")
  }
}
