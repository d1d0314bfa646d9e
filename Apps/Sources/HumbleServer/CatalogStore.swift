import CatalogAPI
import Domain
import Foundation
import HumbleSupport
import Services

/// Everything the server reads and writes, behind one interface: only its implementations know SQL.
///
/// ``SQLiteCatalogStore`` keeps it in the embedded catalog database (its users through ``LiveUserStore``), and
/// `PostgresCatalogStore` (the `HumbleServerPostgres` product) in PostgreSQL, where several servers share it.
public protocol CatalogStore: Sendable {
  /// Every artist, ordered by name.
  func allArtists() async throws(CatalogStoreError) -> [Artist]
  /// The artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  func artists(matching query: String) async throws(CatalogStoreError) -> [Artist]
  /// The artist with an identifier.
  func artist(withID id: Artist.ID) async throws(CatalogStoreError) -> Artist
  /// One page of an artist's tracks, and how many the artist has in all.
  func tracks(ofArtist id: Artist.ID, page: TrackPageRequest) async throws(CatalogStoreError) -> TrackPage
  /// The page ``tracks(ofArtist:page:)`` answers, written by `writer` as the body of
  /// `GET /v1/artists/{artistID}/tracks`.
  ///
  /// The default writes that page's tracks; a store that can write its rows straight into the body does so, without
  /// a ``Domain/Track`` made for each (PostgreSQL's). The bytes must be the same.
  func writeTracks(
    ofArtist id: Artist.ID, page: TrackPageRequest, with writer: TrackPageWriter
  ) async throws(CatalogStoreError) -> WrittenTrackPage
  /// Artists related to an artist, most related first.
  func relatedArtists(of id: Artist.ID) async throws(CatalogStoreError) -> [Artist]
  /// The playlists featuring an artist, ordered by name.
  func playlists(featuring id: Artist.ID) async throws(CatalogStoreError) -> [Playlist]
  /// The playlist with an identifier.
  func playlist(withID id: Playlist.ID) async throws(CatalogStoreError) -> Playlist
  /// The track with an identifier, whose stream URL says where its file is.
  func track(withID id: Track.ID) async throws(CatalogStoreError) -> Track
  /// The tracks with these identifiers, in the order asked, each once; identifiers the catalog does not hold
  /// are left out.
  ///
  /// The default asks ``track(withID:)`` for each; a store answers in one query instead.
  func tracks(withIDs ids: [Track.ID]) async throws(CatalogStoreError) -> [Track]

  /// Adds a user known by the SHA-256 hash (hex) of their token.
  func addUser(name: String, tokenHash: String) async throws(CatalogStoreError) -> ServerUser
  /// The user whose token has this hash, or nil (also when the token was revoked).
  func user(withTokenHash tokenHash: String) async throws(CatalogStoreError) -> ServerUser?
  /// Every user, ordered by name, with whether their token is revoked.
  func users() async throws(CatalogStoreError) -> [UserRecord]
  /// Revokes a user's token: it no longer authenticates, and the server ends its open feeds within one keep-alive
  /// interval. The user and their favourites stay. Answers false when the token was already revoked;
  /// ``CatalogStoreError/userNotFound(_:)`` when no user has the name.
  func revokeToken(ofUserNamed name: String) async throws(CatalogStoreError) -> Bool
  /// Gives a user a new token (known by its hash), replacing the old one, revoked or not;
  /// ``CatalogStoreError/userNotFound(_:)`` when no user has the name.
  func replaceToken(ofUserNamed name: String, tokenHash: String) async throws(CatalogStoreError)
  /// A user's favourites, ordered by track ID, and their version.
  func favourites(of user: ServerUser) async throws(CatalogStoreError) -> FavouritesState
  /// Sets whether a track is one of a user's favourites (idempotent); answers the state and version after.
  func setFavourited(
    _ isFavourited: Bool, trackID: Track.ID, for user: ServerUser
  ) async throws(CatalogStoreError) -> FavouriteEvent
  /// Every favourite change of any user made after this call, in order, buffered.
  ///
  /// A stream that ends while the server runs ends the feeds reading it: a store that can miss changes (its
  /// connection to the database dropped) ends its streams so that clients reconnect and catch up.
  func favouriteEvents() -> AsyncStream<FavouriteEvent>
}

extension CatalogStoreError {
  /// A value the catalog holds outside its range (a row written before the schema's checks, or by another
  /// program): the request fails naming it, rather than reaching an encoder that cannot write it.
  public static func outOfRange(_ error: any Error) -> CatalogStoreError {
    .unavailable(reason: "the catalog holds a value out of range: \(error)")
  }
}

extension CatalogStore {
  /// Writes the tracks of ``tracks(ofArtist:page:)``'s page.
  public func writeTracks(
    ofArtist id: Artist.ID, page: TrackPageRequest, with writer: TrackPageWriter
  ) async throws(CatalogStoreError) -> WrittenTrackPage {
    let tracks = try await tracks(ofArtist: id, page: page)
    var writer = writer
    for track in tracks.tracks {
      do {
        try writer.append(track)
      } catch {
        throw .outOfRange(error)
      }
    }
    return writer.finish(offset: tracks.offset, total: tracks.total, nextCursor: tracks.nextCursor)
  }

  /// Asks ``track(withID:)`` for each identifier, once each, leaving out the tracks that are not found.
  public func tracks(withIDs ids: [Track.ID]) async throws(CatalogStoreError) -> [Track] {
    var tracks: [Track] = []
    for id in ids.uniquedKeepingOrder() {
      do throws(CatalogStoreError) {
        tracks.append(try await track(withID: id))
      } catch {
        guard case .trackNotFound = error else { throw error }
      }
    }
    return tracks
  }
}

/// A user the server knows.
public struct ServerUser: Hashable, Sendable {
  /// The user's identifier in the store.
  public var id: Int64
  /// The user's unique name.
  public var name: String

  /// Creates a user.
  public init(id: Int64, name: String) {
    self.id = id
    self.name = name
  }
}

/// A user as `humble-server user list` shows them.
public struct UserRecord: Hashable, Sendable {
  /// The user's unique name.
  public var name: String
  /// When the user was added.
  public var createdAt: Date
  /// How many favourite tracks the user has.
  public var favouriteCount: Int
  /// When the user's token was revoked; nil while it authenticates.
  public var revokedAt: Date?

  /// Creates a record.
  public init(name: String, createdAt: Date, favouriteCount: Int, revokedAt: Date?) {
    self.name = name
    self.createdAt = createdAt
    self.favouriteCount = favouriteCount
    self.revokedAt = revokedAt
  }
}

/// A user's favourites and their version.
public struct FavouritesState: Hashable, Sendable {
  /// The favourite tracks, ordered by ID.
  public var trackIDs: [Track.ID]
  /// Grows by one with each change.
  public var version: Int

  /// Creates the state.
  public init(trackIDs: [Track.ID], version: Int) {
    self.trackIDs = trackIDs
    self.version = version
  }
}

/// One track's favourite state for one user, and the user's favourites' version after the change.
public struct FavouriteEvent: Hashable, Sendable {
  /// The user's identifier.
  public var userID: Int64
  /// The track.
  public var trackID: Track.ID
  /// Whether it is a favourite now.
  public var isFavourited: Bool
  /// The version after the change.
  public var version: Int

  /// Creates an event.
  public init(userID: Int64, trackID: Track.ID, isFavourited: Bool, version: Int) {
    self.userID = userID
    self.trackID = trackID
    self.isFavourited = isFavourited
    self.version = version
  }
}

/// Why a ``CatalogStore`` request failed.
public enum CatalogStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No artist has this identifier.
  case artistNotFound(Artist.ID)
  /// No playlist has this identifier.
  case playlistNotFound(Playlist.ID)
  /// No track has this identifier.
  case trackNotFound(Track.ID)
  /// Another user has this name.
  case nameTaken(String)
  /// No user has this name.
  case userNotFound(String)
  /// The store cannot be read or written; `reason` says why.
  case unavailable(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .artistNotFound(let id): "No artist with ID '\(id)' in the catalog."
    case .playlistNotFound(let id): "No playlist with ID '\(id)' in the catalog."
    case .trackNotFound(let id): "No track with ID '\(id)' in the catalog."
    case .nameTaken(let name): "A user named '\(name)' already exists."
    case .userNotFound(let name): "No user named '\(name)'."
    case .unavailable(let reason): "The catalog is unavailable: \(reason)"
    }
  }
}
