import Foundation
import GRDB
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
    #expect(try database.appliedMigrations() == ["v1: catalog, downloads, favourites"])
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
    #expect(try CatalogDatabase.open(at: url).appliedMigrations().count == 1)
  }

  @Test func reopeningKeepsTheSchemaAndTheData() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try CatalogDatabase.open(at: url).importCatalog { importer in
      try importer.insert(.init(id: "a", name: "A", imageURL: nil, listeners: 1))
    }
    let reopened = try CatalogDatabase.open(at: url)
    #expect(try reopened.appliedMigrations().count == 1)
    #expect(try !reopened.isCatalogEmpty())
  }

  @Test func aFailedImportLeavesNothingBehind() throws {
    let database = try CatalogDatabase.open(at: nil)
    #expect(throws: CatalogDatabaseError.self) {
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
}
