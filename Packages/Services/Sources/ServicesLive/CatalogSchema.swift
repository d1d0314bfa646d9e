import Foundation
import GRDB
import Services

/// The catalog's schema, created and upgraded by migrations.
enum CatalogSchema {
  /// `PRAGMA application_id` of Humble catalogs ("Hmbl"), which tells them apart from other SQLite files.
  static let applicationID: Int32 = 0x486D_626C

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: catalog, downloads, favourites") { db in
      try db.execute(sql: "PRAGMA application_id = \(applicationID)")
      try db.execute(
        sql: """
          CREATE TABLE artist (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            searchName TEXT NOT NULL,
            imageURL TEXT,
            listeners INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX artist_on_searchName ON artist(searchName, id);
          CREATE TABLE track (
            id TEXT PRIMARY KEY NOT NULL,
            artistID TEXT NOT NULL REFERENCES artist(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT NOT NULL,
            duration REAL NOT NULL CHECK (duration >= 0),
            streamURL TEXT NOT NULL,
            popularity INTEGER NOT NULL,
            releaseDate REAL NOT NULL,
            containsExplicitLyrics BOOLEAN NOT NULL
          );
          CREATE INDEX track_on_artistID_position ON track(artistID, position);
          CREATE TABLE playlist (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            artworkURL TEXT NOT NULL
          );
          CREATE TABLE playlistTrack (
            playlistID TEXT NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            trackID TEXT NOT NULL REFERENCES track(id) ON DELETE CASCADE,
            PRIMARY KEY (playlistID, position)
          ) WITHOUT ROWID;
          CREATE INDEX playlistTrack_on_trackID ON playlistTrack(trackID);
          CREATE TABLE relatedArtist (
            artistID TEXT NOT NULL REFERENCES artist(id) ON DELETE CASCADE,
            relatedArtistID TEXT NOT NULL REFERENCES artist(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (artistID, relatedArtistID)
          ) WITHOUT ROWID;
          CREATE TABLE download (
            trackID TEXT PRIMARY KEY NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('downloaded', 'failed')),
            fileName TEXT,
            byteCount INTEGER,
            failureReason TEXT,
            updatedAt REAL NOT NULL
          );
          CREATE TABLE favourite (
            trackID TEXT PRIMARY KEY NOT NULL,
            createdAt REAL NOT NULL
          );
          CREATE TABLE metadata (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
          );
          """
      )
    }
    migrator.registerMigration(v2) { db in
      try db.execute(
        sql: """
          CREATE TABLE "user" (
            id INTEGER PRIMARY KEY NOT NULL,
            name TEXT NOT NULL UNIQUE,
            tokenHash TEXT NOT NULL UNIQUE,
            favouritesVersion INTEGER NOT NULL DEFAULT 0,
            createdAt REAL NOT NULL
          );
          CREATE TABLE userFavourite (
            userID INTEGER NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            trackID TEXT NOT NULL REFERENCES track(id) ON DELETE CASCADE,
            PRIMARY KEY (userID, trackID)
          ) WITHOUT ROWID;
          CREATE INDEX userFavourite_on_trackID ON userFavourite(trackID);
          ALTER TABLE track ADD COLUMN searchTitle TEXT NOT NULL DEFAULT '';
          """
      )
      // Folding is Swift's (SearchFolding), not SQL's, so the existing rows are filled here, once.
      let update = try db.makeStatement(sql: "UPDATE track SET searchTitle = ? WHERE rowid = ?")
      let rows = try Row.fetchCursor(db, sql: "SELECT rowid, title FROM track")
      while let row = try rows.next() {
        try update.execute(arguments: [searchTitle(row[1]), row[0] as Int64])
      }
      // One index per order of a page of an artist's tracks, each ending in position (the tie-break), so
      // that LIMIT/OFFSET walks an index instead of sorting the artist's tracks.
      try db.execute(
        sql: """
          CREATE INDEX track_on_artistID_searchTitle ON track(artistID, searchTitle, position);
          CREATE INDEX track_on_artistID_searchTitleDescending ON track(artistID, searchTitle DESC, position);
          CREATE INDEX track_on_artistID_popularity ON track(artistID, popularity DESC, position);
          CREATE INDEX track_on_artistID_releaseDate ON track(artistID, releaseDate DESC, position);
          CREATE INDEX track_on_artistID_durationDescending ON track(artistID, duration DESC, position);
          CREATE INDEX track_on_artistID_duration ON track(artistID, duration, position);
          """
      )
    }
    migrator.registerMigration(v3) { db in
      // A revoked token stops authenticating; the user and their favourites stay.
      try db.execute(sql: #"ALTER TABLE "user" ADD COLUMN revokedAt REAL"#)
    }
    migrator.registerMigration(v4) { db in try addTrackCountsAndValueChecks(db) }
    return migrator
  }

  /// The identifier of the migration that lets a user's token be revoked.
  static let v3 = "v3: revocable user tokens"

  /// The identifier of the migration that adds users, their favourites and the paging columns and indexes.
  static let v2 = "v2: users, user favourites, track paging"

  /// A title as the `searchTitle` column holds it: folded (``SearchFolding``) and in Unicode's canonical
  /// composition, so that SQLite's byte order is the order of Swift's `String` comparison.
  static func searchTitle(_ title: String) -> String {
    SearchFolding.fold(title).precomposedStringWithCanonicalMapping
  }
}
