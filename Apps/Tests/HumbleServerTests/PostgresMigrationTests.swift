import HumbleServerPostgres
import HumbleServerTestSupport
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL schema is created and upgraded by numbered migrations, once, and a database newer than the
/// server is refused without a change.
@Suite(.timeLimit(.minutes(5))) struct PostgresMigrationTests {
  @Test func anEmptyDatabaseGetsEveryMigrationAndARerunAppliesNone() async throws {
    try await PostgresTestDatabase.with { location in
      #expect(
        try await PostgresSchema.appliedVersions(at: location, connectTimeout: TestServer.patientConnectTimeout) == [])
      let all = Array(1...PostgresSchema.latestVersion)
      #expect(try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout) == all)
      let tables = try await Self.tables(location)
      #expect(tables.isSuperset(of: ["artist", "track", "playlist", "server_user", "user_favourite"]))
      #expect(try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout) == [])
      #expect(
        try await PostgresSchema.appliedVersions(at: location, connectTimeout: TestServer.patientConnectTimeout) == all)
      #expect(try await Self.tables(location) == tables)
    }
  }

  @Test func serversStartingTogetherMigrateOnce() async throws {
    try await PostgresTestDatabase.with { location in
      let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
        for _ in 0..<4 {
          group.addTask { try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(applied.filter { !$0.isEmpty } == [Array(1...PostgresSchema.latestVersion)])
      #expect(
        try await PostgresSchema.appliedVersions(at: location, connectTimeout: TestServer.patientConnectTimeout)
          == Array(1...PostgresSchema.latestVersion))
    }
  }

  @Test func aNewerSchemaIsRefusedInOneLineAndLeftUntouched() async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout)
      let newer = PostgresSchema.latestVersion + 1
      try await Self.execute(
        location, "INSERT INTO humble_schema_migration (version, name) VALUES (\(newer), 'from the future')")
      try await Self.execute(location, "CREATE TABLE from_the_future (id integer)")
      let tables = try await Self.tables(location)

      await #expect(throws: PostgresStoreError.newerSchema(found: newer, known: PostgresSchema.latestVersion)) {
        _ = try await PostgresCatalogStore.connect(
          to: location,
          configuration: .init(connectTimeout: TestServer.patientConnectTimeout, logger: TestServer.quietLogger))
      }
      await #expect(throws: PostgresStoreError.newerSchema(found: newer, known: PostgresSchema.latestVersion)) {
        try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout)
      }
      let message = "\(PostgresStoreError.newerSchema(found: newer, known: PostgresSchema.latestVersion))"
      #expect(
        message
          == "The database has schema version \(newer), newer than this humble-server knows "
          + "(\(PostgresSchema.latestVersion)); it was left untouched: use a newer humble-server.")
      #expect(try await Self.tables(location) == tables)
      #expect(
        try await PostgresSchema.appliedVersions(at: location, connectTimeout: TestServer.patientConnectTimeout)
          == Array(1...newer))
    }
  }

  @Test func anUnreachableDatabaseIsOneLineNamingIt() async throws {
    let server = try await PostgresTestDatabase.sharedServer()
    var nowhere = server
    nowhere.database = "humble_no_such_database"
    let error = await #expect(throws: PostgresStoreError.self) {
      _ = try await PostgresCatalogStore.connect(to: nowhere)
    }
    let message = "\(try #require(error))"
    #expect(message.hasPrefix("The database is unavailable: PostgreSQL at \(server.address) answered: "))
    #expect(message.contains("humble_no_such_database"))
    #expect(!message.contains("\n"))
  }

  static func tables(_ location: PostgresLocation) async throws -> Set<String> {
    try await PostgresTestDatabase.query(
      location, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    ).reduce(into: []) { $0.insert($1) }
  }

  static func execute(_ location: PostgresLocation, _ statement: String) async throws {
    _ = try await PostgresTestDatabase.query(location, statement)
  }
}
