import Domain

/// Remembers which tracks the user marked as favourites.
///
/// Queries are synchronous and cheap; changes are persisted asynchronously and announced through
/// ``changes()``.
public protocol FavouritesManager: Sendable {
  /// Whether the track is a favourite.
  func isFavourited(_ trackID: Track.ID) -> Bool

  /// Whether each of many tracks is a favourite, in the order asked (a default asks one by one).
  func favouriteStates(of trackIDs: [Track.ID]) -> [Bool]

  /// Every favourite track's identifier.
  var favouritedTrackIDs: Set<Track.ID> { get }

  /// Marks a track as a favourite or not; setting the state it already has changes nothing.
  func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError)

  /// A stream of every change made after this call returns, in order.
  ///
  /// Changes are buffered, so none is lost to a subscriber that starts iterating later.
  func changes() -> AsyncStream<FavouriteChange>
}

extension FavouritesManager {
  /// Whether each of many tracks is a favourite, in the order asked.
  ///
  /// The default asks ``isFavourited(_:)`` for each; implementations that lock override it to lock once.
  public func favouriteStates(of trackIDs: [Track.ID]) -> [Bool] {
    trackIDs.map { isFavourited($0) }
  }

  /// Marks a track as a favourite.
  public func favourite(_ trackID: Track.ID) async throws(FavouritesError) {
    try await setFavourited(true, trackID: trackID)
  }

  /// Removes a track from the favourites.
  public func unfavourite(_ trackID: Track.ID) async throws(FavouritesError) {
    try await setFavourited(false, trackID: trackID)
  }
}

/// A change of one track's favourite state.
public struct FavouriteChange: Hashable, Sendable {
  /// The track whose state changed.
  public var trackID: Track.ID
  /// Whether the track is now a favourite.
  public var isFavourited: Bool

  /// Creates a change.
  public init(trackID: Track.ID, isFavourited: Bool) {
    self.trackID = trackID
    self.isFavourited = isFavourited
  }
}

/// Why a ``FavouritesManager`` request failed.
public enum FavouritesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Favourites could not be stored; `reason` says why, and the previous state is kept.
  case storage(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .storage(let reason): "Favourites storage failed: \(reason)"
    }
  }
}
