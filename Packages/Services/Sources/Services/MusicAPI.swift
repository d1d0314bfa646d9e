import Domain

/// The music catalog: artists and their tracks.
///
/// Implementations may do I/O, so every call is asynchronous and can fail with a ``MusicAPIError``.
public protocol MusicAPI: Sendable {
  /// The tracks of an artist, in the catalog's order; fails with ``MusicAPIError/artistNotFound(_:)`` when
  /// there is no such artist.
  func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track]

  /// One page of an artist's tracks in an order (a default cuts it from ``tracks(ofArtist:)``); fails with
  /// ``MusicAPIError/artistNotFound(_:)`` when there is no such artist.
  ///
  /// A page past the end is empty; ``TrackPage/total`` says how many tracks there are in all.
  func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage

  /// The artist with an identifier; fails with ``MusicAPIError/artistNotFound(_:)`` when there is none.
  func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist

  /// The artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  func artists(matching query: String) async throws(MusicAPIError) -> [Artist]

  /// Every artist in the catalog, ordered by name.
  func allArtists() async throws(MusicAPIError) -> [Artist]

  /// Artists related to an artist, most related first; fails with ``MusicAPIError/artistNotFound(_:)`` when
  /// there is no such artist.
  func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist]

  /// The tracks with these identifiers, in the order asked, each once; identifiers the catalog does not hold
  /// (a favourite of a track since removed, say) are left out.
  func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track]
}

/// Why a ``MusicAPI`` call failed.
public enum MusicAPIError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No artist has this identifier.
  case artistNotFound(Artist.ID)
  /// The catalog could not be read, or answered in a way that cannot be used; `reason` says why.
  case unavailable(reason: String)
  /// The catalog's server could not be reached (refused, timed out, cut off); `reason` says how, naming it.
  case unreachable(reason: String)
  /// The calling task was cancelled before the answer arrived (a newer request replaced it, say).
  case cancelled

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .artistNotFound(let id): "No artist with ID '\(id)' in the catalog."
    case .unavailable(let reason), .unreachable(let reason): "The music catalog is unavailable: \(reason)"
    case .cancelled: "The music catalog request was cancelled."
    }
  }
}
