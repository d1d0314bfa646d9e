import Domain
import GRDB
import HumbleSupport
import Services

/// The ``MusicAPI`` of the embedded catalog database.
///
/// With ``artwork``, each artist's `imageURL` is its cover in the catalog's artwork folder (``CatalogArtwork``),
/// written when it is first loaded; without, the URL the catalog stores.
public struct LiveMusicAPI: MusicAPI {
  /// The database the catalog is read from.
  public let database: CatalogDatabase
  /// The catalog's generated covers, which the artists' image URLs name; nil: the catalog's stored URLs.
  public let artwork: CatalogArtwork?

  /// Creates the API over a catalog database, naming `artwork`'s covers as the artists' images when given.
  public init(database: CatalogDatabase, artwork: CatalogArtwork? = nil) {
    self.database = database
    self.artwork = artwork
  }

  /// The artist columns to read: without the stored image URL when the API names covers, which replace it (reading
  /// 1,001 stored URLs only to drop them cost the `artists` command a fifth of its time).
  private var artistColumns: String {
    artwork == nil ? CatalogRowDecoder.artistColumns : CatalogRowDecoder.artistColumnsWithoutImage
  }

  /// The artist with its cover's URL as its image, when the API names covers.
  private func namingArtwork(_ artist: Artist) -> Artist {
    guard let artwork else { return artist }
    var artist = artist
    artist.imageURL = artwork.url(of: .artist(artist.id))
    return artist
  }

  /// The artist's tracks in catalog order; `artistNotFound` when the artist does not exist.
  public func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    return try await query { db in
      try Self.requireArtist(artistID, db)
      return try CatalogRowDecoder.tracks(
        db,
        sql: "SELECT \(CatalogRowDecoder.trackColumns) FROM track WHERE artistID = ? ORDER BY position",
        arguments: [artistID.rawValue]
      )
    }
  }

  /// The artist with this identifier.
  public func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    let columns = artistColumns
    let found = try await query { db in
      guard
        let artist = try CatalogRowDecoder.artists(
          db, sql: "SELECT \(columns) FROM artist WHERE id = ?", arguments: [artistID.rawValue]
        ).first
      else { throw MusicAPIError.artistNotFound(artistID) }
      return artist
    }
    return namingArtwork(found)
  }

  /// Artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  public func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    // instr, not LIKE: no character is a wildcard, and no length makes the pattern "too complex".
    guard !query.containsNUL else { return [] }
    let folded = SearchFolding.fold(query)
    let columns = artistColumns
    return try await self.query { db in
      try CatalogRowDecoder.artists(
        db, sql: "SELECT \(columns) FROM artist WHERE instr(searchName, ?) > 0 ORDER BY searchName, id",
        arguments: [folded]
      )
    }.map(namingArtwork)
  }

  /// Every artist, ordered by name.
  public func allArtists() async throws(MusicAPIError) -> [Artist] {
    let columns = artistColumns
    return try await query { db in
      try CatalogRowDecoder.artists(db, sql: "SELECT \(columns) FROM artist ORDER BY searchName, id")
    }.map(namingArtwork)
  }

  /// Related artists, most related first; `artistNotFound` when the artist does not exist.
  public func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    let columns = artistColumns
    return try await query { db in
      try Self.requireArtist(artistID, db)
      return try CatalogRowDecoder.artists(
        db,
        sql: """
          SELECT \(columns) FROM relatedArtist
          JOIN artist ON artist.id = relatedArtist.relatedArtistID
          WHERE relatedArtist.artistID = ? ORDER BY relatedArtist.position
          """,
        arguments: [artistID.rawValue]
      )
    }.map(namingArtwork)
  }

  static func requireArtist(_ artistID: Artist.ID, _ db: Database) throws {
    guard
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM artist WHERE id = ?)", arguments: [artistID.rawValue])
        == true
    else { throw MusicAPIError.artistNotFound(artistID) }
  }

  func query<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(MusicAPIError) -> T {
    try await database.read(body) { error in
      error == .cancelled ? MusicAPIError.cancelled : .unavailable(reason: error.description)
    }
  }
}
