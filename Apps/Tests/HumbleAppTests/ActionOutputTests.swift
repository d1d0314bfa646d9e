import Domain
import Foundation
import HumbleApp
import Services
import ServicesTestSupport
import Synchronization
import Testing

/// A favourites manager that stores at once but announces each change 50 ms later, as a stream consumed
/// on another executor may deliver it.
final class LateAnnouncingFavouritesManager: FavouritesManager, Sendable {
  private let stored = Mutex<Set<Track.ID>>([])
  private let broadcaster = ChangeBroadcaster<FavouriteChange>()

  func isFavourited(_ trackID: Track.ID) -> Bool { stored.withLock { $0.contains(trackID) } }

  func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] { trackIDs.map(isFavourited) }

  func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    stored.withLock { stored in
      if isFavourited { stored.insert(trackID) } else { stored.remove(trackID) }
    }
    Task.detached { [broadcaster] in
      try? await Task.sleep(for: .milliseconds(50))
      broadcaster.send(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
    }
  }

  func changes() -> AsyncStream<FavouriteChange> { broadcaster.stream() }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ActionOutputTests {
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
  }
}
