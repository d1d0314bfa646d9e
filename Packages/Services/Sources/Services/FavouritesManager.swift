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

/// Why a ``FavouritesManager`` request failed; the previous state is kept whatever the case.
///
/// A caller switches on the case (ask the user to sign in, retry later, report a bug); ``description`` is the
/// one line for people.
public enum FavouritesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No one is signed in, and favourites belong to a user.
  case signedOut
  /// The server refused the change or the list with an HTTP error `status` (401 for a token it does not
  /// know, say); `reason` is the server's answer in one line.
  case rejected(status: Int, reason: String)
  /// The server could not be reached (refused, timed out, cut off); `reason` says how, naming the server.
  case unreachable(reason: String)
  /// The server answered, but not as the API says it does; `reason` says what was wrong.
  case invalidAnswer(reason: String)
  /// The track identifier cannot be stored or asked for (it holds a NUL character); nothing was asked.
  case invalidTrackID(Track.ID)
  /// Local storage failed (a locked or read-only database, say); `reason` says why.
  case storage(reason: String)
  /// The calling task was cancelled before the answer arrived.
  case cancelled

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .signedOut: "Favourites belong to a signed-in user, and no one is signed in."
    case .rejected(_, let reason), .unreachable(let reason), .invalidAnswer(let reason), .storage(let reason):
      "Favourites storage failed: \(reason)"
    case .invalidTrackID(let id):
      "Favourites storage failed: the track ID \(id.rawValue.debugDescription) holds a NUL character"
    case .cancelled: "The favourites request was cancelled."
    }
  }
}
