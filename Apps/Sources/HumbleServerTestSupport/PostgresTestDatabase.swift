import Foundation
import HumbleServerPostgres
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// A fresh, empty PostgreSQL database for one test, dropped afterwards.
///
/// The databases live in one cluster per test process: the one at `HUMBLE_TEST_POSTGRES_URL` when it is set
/// (CI or a developer's own), else one started by `Tools/scripts/postgres` on first use and stopped when the
/// process exits.
///
/// ```swift
/// try await PostgresTestDatabase.with { location in
///   let store = try await PostgresCatalogStore.connect(to: location)
///   // …
///   await store.close()
/// }
/// ```
public enum PostgresTestDatabase {
  /// Runs `body` with a new database, and drops the database afterwards, whatever `body` did.
  public static func with<T>(_ body: (PostgresLocation) async throws -> T) async throws -> T {
    let location = try await create()
    do {
      let result = try await body(location)
      try await drop(location)
      return result
    } catch {
      try? await drop(location)
      throw error
    }
  }

  /// A new, empty database that lives until ``drop(_:)`` (or until the cluster this process started stops):
  /// for a fixture shared by many tests.
  public static func create() async throws -> PostgresLocation {
    let server = try await sharedServer()
    let name = "humble_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    try await administer(server, "CREATE DATABASE \(name)")
    return server.database(name)
  }

  /// Drops a database made by ``create()``, closing its connections.
  public static func drop(_ location: PostgresLocation) async throws {
    let server = try await sharedServer()
    try await administer(server, "DROP DATABASE IF EXISTS \"\(location.database)\" WITH (FORCE)")
  }

  /// The cluster the test databases are made in: started once per process, by the first caller; the others
  /// wait for it without holding a thread (starting a cluster takes seconds).
  public static func sharedServer() async throws -> PostgresLocation {
    let starting = shared.withLockedValue { shared in
      if let shared { return shared }
      let task = Task { () async throws -> PostgresLocation in
        if let url = ProcessInfo.processInfo.environment["HUMBLE_TEST_POSTGRES_URL"], !url.isEmpty {
          return try PostgresLocation(url: url)
        }
        let cluster = try await PostgresCluster.start()
        startedCluster.withLockedValue { $0 = cluster }
        atexit { startedCluster.withLockedValue { $0 }?.destroy() }
        return cluster.location
      }
      shared = task
      return task
    }
    return try await starting.value
  }

  private static let shared = NIOLockedValueBox<Task<PostgresLocation, any Error>?>(nil)

  /// Runs one statement on the database at `location` and answers the first column of each row it returns,
  /// as text (cast other types with `::text`): for tests that look inside a database.
  public static func query(_ location: PostgresLocation, _ statement: String) async throws -> [String] {
    var logger = Logger(label: "humble-test-postgres")
    logger.logLevel = .critical
    var configuration = PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.username, password: location.password,
      database: location.database, tls: .disable)
    // Patient: a test suite under a sanitizer on two cores can take longer than PostgresNIO's 10 s to connect.
    configuration.options.connectTimeout = .seconds(120)
    let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
    do {
      var values: [String] = []
      for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) {
        var cells = row.makeIterator()
        if let cell = cells.next() {
          values.append(try cell.decode(String?.self) ?? "NULL")
        }
      }
      try await connection.close()
      return values
    } catch {
      try? await connection.close()
      throw error
    }
  }

  /// Runs one statement on the cluster's own database (`CREATE DATABASE` cannot run in a transaction).
  static func administer(_ server: PostgresLocation, _ statement: String) async throws {
    _ = try await query(server, statement)
  }
}

/// The cluster this process started, stopped at exit.
private let startedCluster = NIOLockedValueBox<PostgresCluster?>(nil)
