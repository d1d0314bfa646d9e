import Domain
import HumbleSupport
import Services
import ServicesLive

/// The ``CatalogStore`` of the embedded SQLite catalog: the live services' catalog and the users and
/// favourites tables of the same database.
public struct SQLiteCatalogStore: CatalogStore {
  /// The catalog database.
  public let database: CatalogDatabase
  private let music: LiveMusicAPI
  private let playlists: LivePlaylistAPI
  private let users: LiveUserStore

  /// Creates the store over a catalog database.
  public init(database: CatalogDatabase) {
    self.database = database
    music = LiveMusicAPI(database: database)
    playlists = LivePlaylistAPI(database: database)
    users = LiveUserStore(database: database)
  }

  /// Every artist, ordered by name.
  public func allArtists() async throws(CatalogStoreError) -> [Artist] {
    try await music(music.allArtists)
  }

  /// The artists whose names contain `query`.
  public func artists(matching query: String) async throws(CatalogStoreError) -> [Artist] {
    try await music { () async throws(MusicAPIError) in try await music.artists(matching: query) }
  }

  /// The artist with an identifier.
  public func artist(withID id: Artist.ID) async throws(CatalogStoreError) -> Artist {
    try await music { () async throws(MusicAPIError) in try await music.artist(withID: id) }
  }

  /// One page of an artist's tracks.
  public func tracks(ofArtist id: Artist.ID, page: TrackPageRequest) async throws(CatalogStoreError) -> TrackPage {
    try await music { () async throws(MusicAPIError) in try await music.tracks(ofArtist: id, page: page) }
  }

  /// Artists related to an artist.
  public func relatedArtists(of id: Artist.ID) async throws(CatalogStoreError) -> [Artist] {
    try await music { () async throws(MusicAPIError) in try await music.relatedArtists(of: id) }
  }

  /// The playlists featuring an artist; `artistNotFound` for an unknown artist.
  public func playlists(featuring id: Artist.ID) async throws(CatalogStoreError) -> [Playlist] {
    _ = try await artist(withID: id)
    do {
      return try await playlists.playlists(featuring: id)
    } catch {
      throw Self.storeError(error)
    }
  }

  /// The playlist with an identifier.
  public func playlist(withID id: Playlist.ID) async throws(CatalogStoreError) -> Playlist {
    do {
      return try await playlists.playlist(withID: id)
    } catch {
      throw Self.storeError(error)
    }
  }

  /// The tracks with these identifiers, in the order asked, each once, in one query per 500.
  public func tracks(withIDs ids: [Track.ID]) async throws(CatalogStoreError) -> [Track] {
    try await music { () async throws(MusicAPIError) in try await music.tracks(withIDs: ids) }
  }

  /// The track with an identifier.
  public func track(withID id: Track.ID) async throws(CatalogStoreError) -> Track {
    let found = try await music { () async throws(MusicAPIError) in try await music.track(withID: id) }
    guard let found else { throw .trackNotFound(id) }
    return found
  }

  /// Adds a user.
  public func addUser(name: String, tokenHash: String) async throws(CatalogStoreError) -> ServerUser {
    let user = try await users { () async throws(UserStoreError) in
      try await users.addUser(name: name, tokenHash: tokenHash)
    }
    return ServerUser(id: user.id, name: user.name)
  }

  /// The user whose token has this hash.
  public func user(withTokenHash tokenHash: String) async throws(CatalogStoreError) -> ServerUser? {
    let user = try await users { () async throws(UserStoreError) in try await users.user(withTokenHash: tokenHash) }
    return user.map { ServerUser(id: $0.id, name: $0.name) }
  }

  /// Every user.
  public func users() async throws(CatalogStoreError) -> [UserRecord] {
    try await users { () async throws(UserStoreError) in try await users.users() }
  }

  /// Revokes a user's token.
  public func revokeToken(ofUserNamed name: String) async throws(CatalogStoreError) -> Bool {
    try await users { () async throws(UserStoreError) in try await users.revokeToken(ofUserNamed: name) }
  }

  /// Replaces a user's token.
  public func replaceToken(ofUserNamed name: String, tokenHash: String) async throws(CatalogStoreError) {
    try await users { () async throws(UserStoreError) in
      try await users.replaceToken(ofUserNamed: name, tokenHash: tokenHash)
    }
  }

  /// A user's favourites.
  public func favourites(of user: ServerUser) async throws(CatalogStoreError) -> FavouritesState {
    let favourites = try await users { () async throws(UserStoreError) in try await users.favourites(of: user.id) }
    return FavouritesState(trackIDs: favourites.trackIDs, version: favourites.version)
  }

  /// Sets a favourite.
  public func setFavourited(
    _ isFavourited: Bool, trackID: Track.ID, for user: ServerUser
  ) async throws(CatalogStoreError) -> FavouriteEvent {
    let change = try await users { () async throws(UserStoreError) in
      try await users.setFavourited(isFavourited, trackID: trackID, userID: user.id)
    }
    return Self.event(change)
  }

  /// Every favourite change from now on.
  public func favouriteEvents() -> AsyncStream<FavouriteEvent> {
    users.changes().forwarded { Self.event($0) }
  }

  private static func event(_ change: UserFavouriteChange) -> FavouriteEvent {
    FavouriteEvent(
      userID: change.userID, trackID: change.trackID, isFavourited: change.isFavourited, version: change.version)
  }

  private func music<T>(_ body: () async throws(MusicAPIError) -> T) async throws(CatalogStoreError) -> T {
    do {
      return try await body()
    } catch {
      switch error {
      case .artistNotFound(let id): throw .artistNotFound(id)
      case .unavailable(let reason), .unreachable(let reason): throw .unavailable(reason: reason)
      case .cancelled: throw .unavailable(reason: "the request was cancelled")
      }
    }
  }

  private func users<T>(_ body: () async throws(UserStoreError) -> T) async throws(CatalogStoreError) -> T {
    do {
      return try await body()
    } catch {
      switch error {
      case .nameTaken(let name): throw .nameTaken(name)
      case .invalidName(let name): throw .unavailable(reason: "the name \(name.debugDescription) holds a NUL")
      case .trackNotFound(let id): throw .trackNotFound(id)
      case .userNotFound(let name): throw .userNotFound(name)
      case .unavailable(let reason): throw .unavailable(reason: reason)
      }
    }
  }

  private static func storeError(_ error: PlaylistAPIError) -> CatalogStoreError {
    switch error {
    case .playlistNotFound(let id): .playlistNotFound(id)
    case .unavailable(let reason), .unreachable(let reason): .unavailable(reason: reason)
    case .cancelled: .unavailable(reason: "the request was cancelled")
    }
  }
}
