import Domain

/// The playlists of the catalog.
public protocol PlaylistAPI: Sendable {
  /// The playlists that feature at least one track by an artist, ordered by name.
  func playlists(featuring artistID: Artist.ID) async throws(PlaylistAPIError) -> [Playlist]

  /// The playlist with an identifier, with all its tracks; fails with
  /// ``PlaylistAPIError/playlistNotFound(_:)`` when there is none.
  func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist
}

/// Why a ``PlaylistAPI`` call failed.
public enum PlaylistAPIError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No playlist has this identifier.
  case playlistNotFound(Playlist.ID)
  /// The playlists could not be read, or were answered in a way that cannot be used; `reason` says why.
  case unavailable(reason: String)
  /// The playlists' server could not be reached (refused, timed out, cut off); `reason` says how, naming it.
  case unreachable(reason: String)
  /// The calling task was cancelled before the answer arrived.
  case cancelled

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .playlistNotFound(let id): "No playlist with ID '\(id)' in the catalog."
    case .unavailable(let reason), .unreachable(let reason): "Playlists are unavailable: \(reason)"
    case .cancelled: "The playlists request was cancelled."
    }
  }
}
