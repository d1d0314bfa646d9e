import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import ServicesLive
import Testing

/// An import drops the track table's secondary indexes and foreign keys while it copies, leaves the table as the
/// migrations made it, and leaves the catalog vacuumed and analysed.
@Suite(.timeLimit(.minutes(5))) struct PostgresCatalogImportTests {
  @Test func anImportLeavesTheTrackTableWithTheIndexesAndForeignKeysOfTheMigrations() async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout)
      let migrated = try await Self.trackDefinitions(location)
      #expect(migrated.count == 13, "\(migrated)")
      #expect(migrated.contains { $0.hasPrefix("track_duration_in_range CHECK") }, "\(migrated)")
      #expect(migrated.contains("track_artist_id_fkey FOREIGN KEY (artist_id) REFERENCES artist(id) ON DELETE CASCADE"))

      try await Self.importTestCatalog(into: location)

      #expect(try await Self.trackDefinitions(location) == migrated)
      let invalid = try await PostgresTestDatabase.query(
        location, "SELECT count(*)::text FROM pg_index WHERE indrelid = 'track'::regclass AND NOT indisvalid")
      #expect(invalid == ["0"])
    }
  }

  @Test func anImportLeavesTheCatalogAnalysedAndItsRowsMarkedVisibleToAll() async throws {
    try await PostgresTestDatabase.with { location in
      try await Self.importTestCatalog(into: location)

      // Planner statistics (reltuples) and a visibility map with every page set, as a vacuum leaves them; the test
      // cluster commits asynchronously, as servers may.
      let tables = try await PostgresTestDatabase.query(
        location,
        """
        SELECT relname || ': ' || (reltuples > 0)::text || ', ' || (relallvisible = relpages)::text FROM pg_class
        WHERE relname IN ('artist', 'track', 'playlist', 'playlist_track', 'related_artist') ORDER BY relname
        """)
      #expect(
        tables == [
          "artist: true, true", "playlist: true, true", "playlist_track: true, true", "related_artist: true, true",
          "track: true, true",
        ])
    }
  }

  @Test func aSecondImportIsRefusedAndLeavesTheCatalogAndItsTrackIndexesAsTheyWere() async throws {
    try await PostgresTestDatabase.with { location in
      try await Self.importTestCatalog(into: location)
      let imported = try await Self.trackDefinitions(location)
      let artists = try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM artist")
      let tracks = try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM track")

      let error = await #expect(throws: PostgresStoreError.self) { try await Self.importTestCatalog(into: location) }
      #expect(error == .catalogNotEmpty(artists: Int(artists.first ?? "") ?? -1))

      #expect(try await Self.trackDefinitions(location) == imported)
      #expect(try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM track") == tracks)
    }
  }

  /// Imports the server tests' catalog.
  static func importTestCatalog(into location: PostgresLocation) async throws {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("humble-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let database = try CatalogDatabase.open(at: nil)
    try TestServer.importCatalog(into: database, files: files)
    try await PostgresCatalogImport.run(
      from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
  }

  /// The track table's indexes and constraints, as PostgreSQL describes them, sorted.
  static func trackDefinitions(_ location: PostgresLocation) async throws -> [String] {
    try await PostgresTestDatabase.query(
      location,
      """
      SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'track'::regclass
      UNION ALL
      SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'track'::regclass
      ORDER BY 1
      """)
  }
}
