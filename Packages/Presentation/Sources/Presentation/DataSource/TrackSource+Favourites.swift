import Domain
import HumbleSupport
import Services

extension TrackSource {
  /// The favourites' page: every favourited track the catalog holds, looked up on each reload, and reloaded
  /// whenever a track is favourited or unfavourited (here or, for a remote user, anywhere else), so a track
  /// joins or leaves the page as it happens.
  ///
  /// The list comes in the order of the tracks' identifiers; the page sorts it like any other. A track
  /// unfavourited while the page is open leaves it in the snapshot that shows the change, and one favourited
  /// again comes back (``belongs``: only favourited tracks belong); the reload that follows confirms it. The
  /// page needs its data source's favourites manager to know which are favourited.
  public static func favourites(
    musicAPI: any MusicAPI, favouritesManager: any FavouritesManager
  ) -> TrackSource {
    let changes: @Sendable () -> AsyncStream<Void> = {
      // Subscribed when the page is made, so no change after that is missed.
      let announcements = favouritesManager.changes()
      return announcements.forwarded { _ in () }
    }
    var source = list(changes: changes) {
      try await musicAPI.tracks(withIDs: favouritesManager.favouritedTrackIDs.sorted { $0.rawValue < $1.rawValue })
    }
    source.belongs = { _, isFavourited in isFavourited }
    return source
  }
}
