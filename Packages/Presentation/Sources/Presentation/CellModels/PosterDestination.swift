import Domain

/// What selecting a poster leads to, decided by the poster's cell model: a screen carries it out, opening a page
/// of tracks.
///
/// A grid's own type rather than more ``RowDestination`` cases: a table's rows never open a release, and the
/// screens that switch over a row's destination need not learn one.
public enum PosterDestination: Hashable, Sendable {
  /// Open the playlist as a page of tracks (``TrackSource/playlist(_:playlistAPI:)``); `title` names it until
  /// the page has loaded (in an error, say).
  case openPlaylist(Playlist.ID, title: String)
  /// Open the release as a page of tracks (``TrackSource/release(_:musicAPI:formatting:)``); `title` names it
  /// until the page has loaded.
  case openRelease(Release.ID, title: String)
}
