import Foundation
import ServicesLive
import Testing

@Suite struct MigrationTests {
  @Test func migrationsCreateTheSchemaInAnEmptyFile() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("nested/catalog.sqlite")
    let database = try CatalogDatabase.open(at: url)
    #expect(try database.appliedMigrations() == ["v1: catalog, downloads, favourites"])
    #expect(try database.isCatalogEmpty())
    #expect(FileManager.default.fileExists(atPath: url.path))
  }
}
