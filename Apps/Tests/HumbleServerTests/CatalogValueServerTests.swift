import Domain
import Foundation
import GRDB
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import Services
import ServicesLive
import Testing

/// A catalog value out of range (an infinite duration) is refused where it enters PostgreSQL, and a catalog that
/// holds one anyway (written by another program, or before the checks) answers a problem naming the track for the
/// pages that hold it — not a 500 from an encoder that cannot write it — while other pages are served.
@Suite(.timeLimit(.minutes(5))) struct CatalogValueServerTests {
  @Test(arguments: StoreBackend.allCases)
  func aPageHoldingATrackWithAnInfiniteDurationIsAProblemNamingTheTrack(_ backend: StoreBackend) async throws {
    try await Self.withDamagedCatalog(backend) { store, client in
      let damaged = try await client.send(.GET, "/v1/artists/solo/tracks")
      #expect(damaged.status == 503)
      #expect(damaged.headers["Content-Type"].first == "application/problem+json")
      do {
        let page = try await store.tracks(ofArtist: "solo", page: TrackPageRequest())
        Issue.record("the page was read: \(page.tracks.map(\.duration))")
      } catch {
        guard let error = error as? CatalogStoreError, case .unavailable(let reason) = error else {
          Issue.record("expected unavailable, got \(error)")
          return
        }
        #expect(reason.contains(#"track "solo-1" has duration inf"#), "\(reason)")
      }
      let others = try await client.send(.GET, "/v1/artists/solo/tracks?offset=1")
      #expect(others.status == 200)
    }
  }

  @Test func aPostgresImportRefusesAnInfiniteDurationNamingTheTrackAndLeavesTheDatabaseEmpty() async throws {
    let (database, files) = try await Self.damagedSQLiteCatalog()
    defer { try? FileManager.default.removeItem(at: files) }
    try await PostgresTestDatabase.with { location async throws in
      let error = await #expect(throws: PostgresStoreError.self) {
        try await PostgresCatalogImport.run(
          from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
      }
      guard case .invalidSource(let reason)? = error else {
        Issue.record("expected invalidSource, got \(String(describing: error))")
        return
      }
      #expect(reason.contains(#"track "solo-1" has duration inf"#), "\(reason)")
      #expect(try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM artist") == ["0"])
      #expect(try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM track") == ["0"])
    }
  }

  @Test func postgresRefusesAValueOutOfRangeWhicheverProgramWritesIt() async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresCatalogImportTests.importTestCatalog(into: location)
      for statement in [
        "UPDATE track SET duration = 'NaN'", "UPDATE track SET duration = 'Infinity'", "UPDATE track SET duration = -1",
        "UPDATE track SET release_date = '-Infinity'", "UPDATE artist SET listeners = -1",
      ] {
        await #expect(throws: (any Error).self, "\(statement)") {
          try await PostgresTestDatabase.query(location, statement)
        }
      }
      let durations = try await PostgresTestDatabase.query(
        location, "SELECT count(*)::text FROM track WHERE duration = 'NaN' OR duration = 'Infinity'")
      #expect(durations == ["0"])
    }
  }

  /// The server tests' catalog in memory, with `solo-1`'s duration made infinite past the checks, as another
  /// program (or a Humble from before them) could have written it.
  static func damagedSQLiteCatalog() async throws -> (CatalogDatabase, URL) {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("humble-values-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    let database = try CatalogDatabase.open(at: nil)
    try TestServer.importCatalog(into: database, files: files)
    try await database.write(
      { db in
        try db.execute(sql: "DROP TRIGGER IF EXISTS track_values_before_update")
        try db.execute(sql: "UPDATE track SET duration = 9e999 WHERE id = 'solo-1'")
      }, describingErrorsWith: { $0 })
    return (database, files)
  }

  /// Runs `body` with a server over a catalog in which `solo-1`'s duration is infinite.
  static func withDamagedCatalog(
    _ backend: StoreBackend, _ body: (any CatalogStore, HTTPTestClient) async throws -> Void
  ) async throws {
    switch backend {
    case .sqlite:
      let (database, files) = try await damagedSQLiteCatalog()
      defer { try? FileManager.default.removeItem(at: files) }
      try await serve(SQLiteCatalogStore(database: database), body)
    case .postgres:
      let files = FileManager.default.temporaryDirectory.appendingPathComponent("humble-values-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: files) }
      let database = try CatalogDatabase.open(at: nil)
      try TestServer.importCatalog(into: database, files: files)
      try await PostgresTestDatabase.with { location in
        try await PostgresCatalogImport.run(
          from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
        _ = try await PostgresTestDatabase.query(
          location, "ALTER TABLE track DROP CONSTRAINT IF EXISTS track_duration_in_range")
        _ = try await PostgresTestDatabase.query(location, "UPDATE track SET duration = 'Infinity' WHERE id = 'solo-1'")
        let store = try await TestServer.patientStore(at: location)
        do {
          try await serve(store, body)
          await store.close()
        } catch {
          await store.close()
          throw error
        }
      }
    }
  }

  private static func serve(
    _ store: some CatalogStore, _ body: (any CatalogStore, HTTPTestClient) async throws -> Void
  ) async throws {
    let server = try await HumbleServer.start(
      store: store, configuration: .init(port: 0, logger: TestServer.quietLogger))
    do {
      try await body(store, HTTPTestClient(url: server.url))
      try await server.shutdown()
    } catch {
      try? await server.shutdown()
      throw error
    }
  }
}
