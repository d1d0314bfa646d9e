import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import Logging
import ServicesLive
import Testing

/// The tests' catalog in a PostgreSQL database, and servers over it: each with a store of its own (its own
/// pool and `LISTEN` connection), as separate `humble-server` processes would have.
struct PostgresServers: Sendable {
  let location: PostgresLocation
  let files: URL

  /// A server over a new store of the database.
  struct Running: Sendable {
    let store: PostgresCatalogStore
    let server: HumbleServer.RunningServer
    var client: HTTPTestClient { HTTPTestClient(url: server.url) }

    func stop() async {
      try? await server.shutdown()
      await store.close()
    }
  }

  /// Imports the tests' catalog into `location` and runs `body`; the catalog's files are removed afterwards.
  static func with<T>(_ location: PostgresLocation, _ body: (PostgresServers) async throws -> T) async throws -> T {
    let files = FileManager.default.temporaryDirectory.appendingPathComponent("humble-pg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: files) }
    let database = try CatalogDatabase.open(at: nil)
    try TestServer.importCatalog(into: database, files: files)
    try await PostgresCatalogImport.run(
      from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
    return try await body(PostgresServers(location: location, files: files))
  }

  /// Starts a server over a new store of the database.
  func start(requestTimeout: Duration = .seconds(300), maximumConnections: Int = 4) async throws -> Running {
    let store = try await PostgresCatalogStore.connect(
      to: location,
      configuration: .init(
        requestTimeout: requestTimeout, connectTimeout: TestServer.patientConnectTimeout,
        maximumConnections: maximumConnections, logger: TestServer.quietLogger))
    do {
      let server = try await HumbleServer.start(store: store, configuration: .init(logger: TestServer.quietLogger))
      return Running(store: store, server: server)
    } catch {
      await store.close()
      throw error
    }
  }

  /// Adds a user through a store and answers their token.
  func addUser(_ name: String, through running: Running) async throws -> String {
    try await HumbleServer.addUser(named: name, to: running.store)
  }
}
