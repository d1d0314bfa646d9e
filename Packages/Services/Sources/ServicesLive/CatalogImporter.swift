import Domain
import Foundation
import GRDB
import Services

/// Writes catalog content (artists, tracks, playlists, related artists) into a ``CatalogDatabase``.
///
/// Used inside ``CatalogDatabase/importCatalog(_:)``, which runs it in one transaction: an import either
/// lands whole or not at all. Statements are prepared once, so millions of rows import in seconds.
public struct CatalogImporter: ~Copyable {
  private let db: Database
  private var nextPosition: [Artist.ID: Int] = [:]
  private var relatedPositions: [Artist.ID: Int] = [:]

  init(db: Database) {
    self.db = db
  }

  /// Adds an artist; one whose values are out of range is refused with ``CatalogValueError``.
  public mutating func insert(_ artist: Artist) throws {
    try artist.checkValues()
    try db.cachedStatement(
      sql: "INSERT INTO artist (id, name, searchName, imageURL, listeners) VALUES (?, ?, ?, ?, ?)"
    ).execute(arguments: [
      artist.id.rawValue, artist.name, SearchFolding.fold(artist.name), artist.imageURL?.absoluteString,
      artist.listeners,
    ])
  }

  /// Adds a track after the tracks already imported for its artist (which must exist); one whose values are
  /// out of range (a non-finite duration…) is refused with ``CatalogValueError``.
  public mutating func insert(_ track: Track) throws {
    try track.checkValues()
    let position = nextPosition[track.artistID, default: 0]
    nextPosition[track.artistID] = position + 1
    try db.cachedStatement(
      sql: """
        INSERT INTO track (id, artistID, position, title, duration, streamURL, popularity, releaseDate,
          containsExplicitLyrics, searchTitle)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute(arguments: [
      track.id.rawValue, track.artistID.rawValue, position, track.title, track.duration,
      track.streamURLString, track.popularity, track.releaseDate.timeIntervalSince1970,
      track.containsExplicitLyrics, CatalogSchema.searchTitle(track.title),
    ])
  }

  /// Adds a playlist; its tracks must have been imported already.
  public mutating func insert(_ playlist: Playlist) throws {
    try db.cachedStatement(sql: "INSERT INTO playlist (id, name, artworkURL) VALUES (?, ?, ?)")
      .execute(arguments: [playlist.id.rawValue, playlist.name, playlist.artworkURL.absoluteString])
    let statement = try db.cachedStatement(
      sql: "INSERT INTO playlistTrack (playlistID, position, trackID) VALUES (?, ?, ?)")
    for (position, track) in playlist.tracks.enumerated() {
      try statement.execute(arguments: [playlist.id.rawValue, position, track.id.rawValue])
    }
  }

  /// Records that `related` artists are related to `artistID`, after those already recorded, most related
  /// first.
  public mutating func relate(_ artistID: Artist.ID, to related: [Artist.ID]) throws {
    let statement = try db.cachedStatement(
      sql: "INSERT OR IGNORE INTO relatedArtist (artistID, relatedArtistID, position) VALUES (?, ?, ?)")
    for relatedID in related where relatedID != artistID {
      let position = relatedPositions[artistID, default: 0]
      relatedPositions[artistID] = position + 1
      try statement.execute(arguments: [artistID.rawValue, relatedID.rawValue, position])
    }
  }

  /// Records a fact about the catalog (its origin, the generator's seed…) in the metadata table.
  public mutating func setMetadata(_ value: String, forKey key: String) throws {
    try db.execute(sql: "INSERT OR REPLACE INTO metadata (key, value) VALUES (?, ?)", arguments: [key, value])
  }
}

extension CatalogDatabase {
  /// Runs `body` with an importer inside one transaction: if it throws, nothing it inserted remains.
  ///
  /// A value out of range fails the whole import with ``CatalogDatabaseError/invalidValue(_:)``, which names
  /// the item and the field.
  public func importCatalog(_ body: (inout CatalogImporter) throws -> Void) throws(CatalogDatabaseError) {
    try writeBlocking { db in
      try CatalogSchema.bulkInserting(db) {
        var importer = CatalogImporter(db: db)
        try body(&importer)
      }
    }
  }

  /// A fact recorded with ``CatalogImporter/setMetadata(_:forKey:)``, or nil.
  public func metadata(forKey key: String) throws(CatalogDatabaseError) -> String? {
    try readBlocking { db in try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?", arguments: [key])
    }
  }
}
