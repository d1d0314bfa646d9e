import CatalogAPI
import Domain
import Foundation
import HumbleSupport
import Services

/// The ``FavouritesManager`` of one user on a `humble-server`.
///
/// The favourites are read when the manager opens and answered from memory; the live feed keeps them
/// current, and every change — made here or by another client — is announced once on ``changes()``.
/// Versions decide between an answer, an event and a list that arrive out of order. Call ``close()`` when
/// done: it stops the feed and ends the streams.
public final class RemoteFavouritesManager: FavouritesManager, Sendable {
  private let client: CatalogClient
  private let store: FavouritesStore
  private let states = FeedStateBroadcaster()
  private let feed: Locked<Task<Void, Never>?>

  private init(client: CatalogClient, list: FavouritesBody, feedWait: @escaping FavouritesFeed.Wait) {
    self.client = client
    store = FavouritesStore(list)
    let feed = FavouritesFeed(client: client, store: store, states: states, wait: feedWait)
    self.feed = Locked(Task { await feed.run() })
  }

  deinit {
    feed.withLock { $0 }?.cancel()
  }

  /// Reads the user's favourites and starts the live feed.
  static func open(
    client: CatalogClient, feedWait: @escaping FavouritesFeed.Wait = FavouritesFeed.sleep
  ) async throws(FavouritesError) -> RemoteFavouritesManager {
    do {
      return RemoteFavouritesManager(
        client: client, list: try await client.get(FavouritesBody.self, CatalogAPI.Path.favourites),
        feedWait: feedWait)
    } catch {
      throw error.favouritesError
    }
  }

  /// Every favourited track, as the manager knows them now.
  public var favouritedTrackIDs: Set<Track.ID> { store.favourites }

  /// Whether the track is a favourite.
  public func isFavourited(_ trackID: Track.ID) -> Bool {
    store.favouriteStates(of: [trackID])[0]
  }

  /// Whether each track is a favourite, under one lock.
  public func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] {
    store.favouriteStates(of: trackIDs)
  }

  /// Asks the server to set the track's state, then applies its answer (announcing it if it is a change).
  ///
  /// The request goes on even if the calling task is cancelled, as a database write would: once sent, it
  /// may land, and the answer keeps memory in step with the server.
  public func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    guard !trackID.rawValue.containsNUL else { throw .invalidTrackID(trackID) }
    let client = client
    let path = CatalogAPI.Path.favourite(trackID.rawValue)
    let answer = await Task { () async -> Result<FavouriteChangeBody, RemoteFailure> in
      do throws(RemoteFailure) {
        let request = try client.request(isFavourited ? "PUT" : "DELETE", path)
        return .success(try await client.send(FavouriteChangeBody.self, request, path: path))
      } catch {
        return .failure(error)
      }
    }.value
    switch answer {
    case .success(let change):
      guard change.trackID == trackID, change.isFavourited == isFavourited else {
        throw .invalidAnswer(
          reason: "the server answered for \(path) with track '\(change.trackID.rawValue)' "
            + "\(change.isFavourited ? "favourited" : "not favourited")".oneLine)
      }
      store.apply(change)
    case .failure(let failure):
      throw failure.favouritesError
    }
  }

  /// Every change made after this call, buffered.
  public func changes() -> AsyncStream<FavouriteChange> {
    store.changes()
  }

  /// The live feed's state now.
  public var feedState: FeedState { states.current }

  /// The live feed's state now, then every later one: a test waits on `connected` to know the manager
  /// has caught up with the server.
  public func feedStates() -> AsyncStream<FeedState> {
    states.stream()
  }

  /// Stops the live feed and ends the ``changes()`` and ``feedStates()`` streams; queries keep answering
  /// from memory.
  public func close() {
    feed.withLock { $0 }?.cancel()
    states.send(.closed)
    store.finish()
  }
}
