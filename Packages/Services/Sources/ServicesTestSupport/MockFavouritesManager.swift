import Domain
import HumbleSupport
import Services

/// A ``FavouritesManager`` whose favourites a test sets directly, announcing each change as the live one
/// would.
public final class MockFavouritesManager: FavouritesManager, Sendable {
  private struct State {
    var favourites: Set<Track.ID> = []
    var failure: FavouritesError?
    var requests: [FavouriteChange] = []
    /// Announcements kept back since ``holdAnnouncements()``, in order; nil when not holding.
    var held: [FavouriteChange]?
  }

  private let state = Locked(State())
  private let broadcaster = ChangeBroadcaster<FavouriteChange>()

  /// Creates a mock with no favourites.
  public init(favouritedTrackIds: Set<Track.ID> = []) {
    state.withLock { $0.favourites = favouritedTrackIds }
  }

  /// The favourited tracks.
  ///
  /// Setting it announces one change per track that was added or removed, in
  /// order of track ID.
  public var favouritedTrackIds: Set<Track.ID> {
    get { state.withLock { $0.favourites } }
    set {
      state.withLock { state in
        let added = newValue.subtracting(state.favourites)
        let removed = state.favourites.subtracting(newValue)
        state.favourites = newValue
        let changes =
          added.map { FavouriteChange(trackID: $0, isFavourited: true) }
          + removed.map { FavouriteChange(trackID: $0, isFavourited: false) }
        for change in changes.sorted(by: { $0.trackID < $1.trackID }) {
          announce(change, in: &state)
        }
      }
    }
  }

  /// Every ``setFavourited(_:trackID:)`` request received, in order, including refused ones.
  public var requests: [FavouriteChange] {
    state.withLock { $0.requests }
  }

  /// Makes every request throw `error`, leaving favourites unchanged, until ``stopFailingCalls()``.
  public func failCalls(with error: FavouritesError) {
    state.withLock { $0.failure = error }
  }

  /// Makes requests succeed again.
  public func stopFailingCalls() {
    state.withLock { $0.failure = nil }
  }

  /// The favourited tracks (``favouritedTrackIds``, as ``FavouritesManager`` spells it).
  public var favouritedTrackIDs: Set<Track.ID> { favouritedTrackIds }

  /// Whether the track is in ``favouritedTrackIds``.
  public func isFavourited(_ trackID: Track.ID) -> Bool {
    state.withLock { $0.favourites.contains(trackID) }
  }

  /// Whether each track is in ``favouritedTrackIds``, under one lock.
  public func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] {
    state.withLock { state in
      if state.favourites.isEmpty { return Array(repeating: false, count: trackIDs.count) }
      return trackIDs.map { state.favourites.contains($0) }
    }
  }

  /// Records the request and, unless failing, applies it and announces the change if there is one.
  public func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    let failure: FavouritesError? = state.withLock { state in
      state.requests.append(FavouriteChange(trackID: trackID, isFavourited: isFavourited))
      if let failure = state.failure { return failure }
      let changed =
        isFavourited ? state.favourites.insert(trackID).inserted : state.favourites.remove(trackID) != nil
      if changed { announce(FavouriteChange(trackID: trackID, isFavourited: isFavourited), in: &state) }
      return nil
    }
    if let failure { throw failure }
  }

  /// Announces a track's state again, unchanged, as a live manager may: the feed's echo of a change this client
  /// made, heard after the request's own announcement.
  public func announceAgain(_ trackID: Track.ID) {
    state.withLock { state in
      announce(FavouriteChange(trackID: trackID, isFavourited: state.favourites.contains(trackID)), in: &state)
    }
  }

  /// Every change made after this call, buffered.
  public func changes() -> AsyncStream<FavouriteChange> {
    broadcaster.stream()
  }

  /// Keeps announcements back from now on, until ``releaseHeldAnnouncements()``: the state changes at once, its
  /// announcements arrive late, as a live manager's can reach a screen after the screen has moved on.
  public func holdAnnouncements() {
    state.withLock { state in
      if state.held == nil { state.held = [] }
    }
  }

  /// The announcements held back since ``holdAnnouncements()``, in the order they were made.
  public var heldAnnouncements: [FavouriteChange] {
    state.withLock { $0.held ?? [] }
  }

  /// Sends the announcements held back, in the order they were made, and announces as changes happen again.
  public func releaseHeldAnnouncements() {
    state.withLock { state in
      let held = state.held ?? []
      state.held = nil
      for change in held { broadcaster.send(change) }
    }
  }

  private func announce(_ change: FavouriteChange, in state: inout State) {
    if state.held != nil {
      state.held?.append(change)
    } else {
      broadcaster.send(change)
    }
  }
}
