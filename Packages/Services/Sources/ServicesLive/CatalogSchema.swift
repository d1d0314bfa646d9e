import GRDB

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
    return migrator
  }
}
