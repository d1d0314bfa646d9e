import Domain
import Foundation
import GRDB
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

@Suite struct MigrationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func migrationsCreateTheSchemaInAnEmptyFile() throws {
    let url = directory.url.appendingPathComponent("nested/catalog.sqlite")
    let database = try CatalogDatabase.open(at: url, createsDirectory: true)
    #expect(
      try database.appliedMigrations() == [
        "v1: catalog, downloads, favourites", "v2: users, user favourites, track paging", "v3: revocable user tokens",
        "v4: artist track counts, catalog value checks",
      ])
    #expect(try database.isCatalogEmpty())
    #expect(FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aMissingDirectoryIsReportedNotCreatedUnlessAsked() throws {
    let url = directory.url.appendingPathComponent("typo/catalog.sqlite")
    #expect(
      throws: CatalogDatabaseError.unreadable(
        path: url.path, reason: "its directory \(url.deletingLastPathComponent().path) does not exist")
    ) { try CatalogDatabase.open(at: url) }
    #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
  }

  @Test func anEmptyExistingFileBecomesACatalog() throws {
    let url = directory.url.appendingPathComponent("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
    #expect(try CatalogDatabase.open(at: url).appliedMigrations().count == 4)
  }

  @Test func reopeningKeepsTheSchemaAndTheData() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try CatalogDatabase.open(at: url).importCatalog { importer in
      try importer.insert(.init(id: "a", name: "A", imageURL: nil, listeners: 1))
    }
    let reopened = try CatalogDatabase.open(at: url)
    #expect(try reopened.appliedMigrations().count == 4)
    #expect(try !reopened.isCatalogEmpty())
  }

  @Test func aFailedImportLeavesNothingBehind() throws {
    let database = try CatalogDatabase.open(at: nil)
    #expect(throws: CatalogDatabaseError.query(reason: "UNIQUE constraint failed: artist.id")) {
      try database.importCatalog { importer in
        try importer.insert(.init(id: "a", name: "A", imageURL: nil, listeners: 1))
        try importer.insert(.init(id: "a", name: "Duplicate", imageURL: nil, listeners: 1))
      }
    }
    #expect(try database.isCatalogEmpty())
  }

  @Test func aDatabaseOfAnotherApplicationIsRefusedAndLeftUntouched() throws {
    let url = directory.url.appendingPathComponent("other.sqlite")
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
    }
    let before = try Data(contentsOf: url)
    #expect(throws: CatalogDatabaseError.notACatalog(path: url.path)) { try CatalogDatabase.open(at: url) }
    #expect(try Data(contentsOf: url) == before)
  }

  @Test func aDatabaseFromANewerVersionIsRefused() throws {
    let url = directory.url.appendingPathComponent("newer.sqlite")
    _ = try CatalogDatabase.open(at: url)
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
    }
    #expect(throws: CatalogDatabaseError.newerSchema(path: url.path, migration: "v99: from the future")) {
      try CatalogDatabase.open(at: url)
    }
  }

  @Test func aVersion1CatalogIsUpgradedKeepingItsData() async throws {
    let url = directory.url.appendingPathComponent("v1.sqlite")
    try makeVersion1Catalog(at: url)
    let database = try CatalogDatabase.open(at: url)
    #expect(try database.appliedMigrations().count == 4)
    let api = LiveMusicAPI(database: database)
    #expect(try await api.tracks(ofArtist: "a").map(\.title) == ["Élan", "zebra", "apple"])
    let page = try await api.tracks(ofArtist: "a", page: TrackPageRequest(order: .title))
    #expect(page.tracks.map(\.title) == ["apple", "Élan", "zebra"])
    let favourites = try await DatabaseQueue(path: url.path).read { db in
      try String.fetchAll(db, sql: "SELECT trackID FROM favourite")
    }
    #expect(favourites == ["a-2"])
    let userFavourites = try await DatabaseQueue(path: url.path).write { db in
      try db.execute(sql: #"INSERT INTO "user" (name, tokenHash, createdAt) VALUES ('ada', 'hash', 0)"#)
      try db.execute(
        sql: "INSERT INTO userFavourite (userID, trackID) VALUES (?, 'a-1')", arguments: [db.lastInsertedRowID])
      return try String.fetchAll(db, sql: "SELECT trackID FROM userFavourite")
    }
    #expect(userFavourites == ["a-1"])
  }

  /// A catalog as Humble left it before v2: made with today's schema, then v2 taken out again by hand.
  private func makeVersion1Catalog(at url: URL) throws {
    let database = try CatalogDatabase.open(at: url)
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      for (index, title) in ["Élan", "zebra", "apple"].enumerated() {
        try importer.insert(
          Track(
            id: Track.ID("a-\(index + 1)"), title: title, duration: 60, streamURLString: "file:///dev/null",
            popularity: 1, releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: false,
            artistID: "a"))
      }
    }
    try DatabaseQueue(path: url.path).write { db in
      try TrackCountTests.removeVersion4(db)
      let indexes = try String.fetchAll(
        db,
        sql: """
          SELECT name FROM sqlite_master
          WHERE type = 'index' AND name LIKE 'track_on_artistID_%' AND name != 'track_on_artistID_position'
          """)
      for index in indexes { try db.execute(sql: "DROP INDEX \(index)") }
      try db.execute(
        sql: """
          DROP TABLE userFavourite;
          DROP TABLE "user";
          ALTER TABLE track DROP COLUMN searchTitle;
          DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%' OR identifier LIKE 'v3:%';
          INSERT INTO favourite (trackID, createdAt) VALUES ('a-2', 0);
          """)
    }
  }
}
