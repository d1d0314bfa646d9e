import Domain
import Services

/// The favourites of someone who browses a server without a token: none, and each change fails as signed out.
///
/// What an app hands its screens in place of ``RemoteServices/openFavourites()``'s manager when there is no token,
/// so that browsing works and favouriting says why it cannot.
public struct SignedOutFavourites: FavouritesManager {
  /// Creates the favourites of a signed-out user.
  public init() {}

  /// None.
  public var favouritedTrackIDs: Set<Track.ID> { [] }

  /// Always false.
  public func isFavourited(_ trackID: Track.ID) -> Bool { false }

  /// Fails with ``FavouritesError/signedOut``: favourites belong to a user.
  public func setFavourited(_ isFavourited: Bool, trackID: Track.ID) async throws(FavouritesError) {
    throw .signedOut
  }

  /// A stream that has already finished: nothing ever changes.
  public func changes() -> AsyncStream<FavouriteChange> {
    AsyncStream { $0.finish() }
  }
}
