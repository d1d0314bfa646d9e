import Domain
import GRDB
import Services

/// The ``MusicAPI`` of the embedded catalog database.
public struct LiveMusicAPI: MusicAPI {
  /// The database the catalog is read from.
  public let database: CatalogDatabase

  /// Creates the API over a catalog database.
  public init(database: CatalogDatabase) {
    self.database = database
  }

  /// The artist's tracks in catalog order; `artistNotFound` when the artist does not exist.
  public func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    try await query { db in
      try Self.requireArtist(artistID, db)
      return try Rows.tracks(
        db,
        sql: "SELECT \(Rows.trackColumns) FROM track WHERE artistID = ? ORDER BY position",
        arguments: [artistID.rawValue]
      )
    }
  }

  /// The artist with this identifier.
  public func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    try await query { db in
      guard
        let artist = try Rows.artists(
          db, sql: "SELECT \(Rows.artistColumns) FROM artist WHERE id = ?", arguments: [artistID.rawValue]
        ).first
      else { throw MusicAPIError.artistNotFound(artistID) }
      return artist
    }
  }

  /// Artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  public func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    let pattern = "%" + Self.escapeLike(SearchFolding.fold(query)) + "%"
    return try await self.query { db in
      try Rows.artists(
        db,
        sql: """
          SELECT \(Rows.artistColumns) FROM artist WHERE searchName LIKE ? ESCAPE '\\'
          ORDER BY searchName, id
          """,
        arguments: [pattern]
      )
    }
  }

  /// Every artist, ordered by name.
  public func allArtists() async throws(MusicAPIError) -> [Artist] {
    try await query { db in
      try Rows.artists(db, sql: "SELECT \(Rows.artistColumns) FROM artist ORDER BY searchName, id")
    }
  }

  /// Related artists, most related first; `artistNotFound` when the artist does not exist.
  public func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    try await query { db in
      try Self.requireArtist(artistID, db)
      return try Rows.artists(
        db,
        sql: """
          SELECT \(Rows.artistColumns) FROM relatedArtist
          JOIN artist ON artist.id = relatedArtist.relatedArtistID
          WHERE relatedArtist.artistID = ? ORDER BY relatedArtist.position
          """,
        arguments: [artistID.rawValue]
      )
    }
  }

  private static func requireArtist(_ artistID: Artist.ID, _ db: Database) throws {
    guard
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM artist WHERE id = ?)", arguments: [artistID.rawValue])
        == true
    else { throw MusicAPIError.artistNotFound(artistID) }
  }

  private static func escapeLike(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
  }

  private func query<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(MusicAPIError) -> T {
    try await database.read(body) { error in
      error == .cancelled ? MusicAPIError.cancelled : .unavailable(reason: error.description)
    }
  }
}
