import Logging
import PostgresNIO

/// The PostgreSQL schema of a catalog server, created and upgraded by numbered migrations.
///
/// `humble_schema_migration` records each migration applied. At start, a server takes an advisory lock (so
/// that servers starting together migrate once), refuses a database whose newest migration it does not know
/// — touching nothing — and applies the missing ones, each in its own transaction.
public enum PostgresSchema {
  /// A step of the schema.
  struct Migration: Sendable {
    let version: Int
    let name: String
    let statements: [String]
  }

  /// The newest schema version this build knows.
  public static var latestVersion: Int { migrations.last?.version ?? 0 }

  /// The advisory lock key migrations hold ("Hmbl").
  static let lockKey: Int64 = 0x486D_626C

  static let migrations: [Migration] = [
    Migration(
      version: 1, name: "catalog, users and favourites",
      statements: [
        """
        CREATE TABLE artist (
          id text PRIMARY KEY,
          name text NOT NULL,
          search_name text COLLATE "C" NOT NULL,
          image_url text,
          listeners bigint NOT NULL DEFAULT 0,
          track_count integer NOT NULL DEFAULT 0
        )
        """,
        #"CREATE INDEX artist_on_search_name ON artist (search_name COLLATE "C", id)"#,
        """
        CREATE TABLE track (
          id text PRIMARY KEY,
          artist_id text NOT NULL REFERENCES artist (id) ON DELETE CASCADE,
          position integer NOT NULL,
          title text NOT NULL,
          search_title text COLLATE "C" NOT NULL,
          duration double precision NOT NULL CHECK (duration >= 0),
          stream_url text NOT NULL,
          popularity bigint NOT NULL,
          release_date double precision NOT NULL,
          contains_explicit_lyrics boolean NOT NULL
        )
        """,
        // One index per order of a page of an artist's tracks, each ending in position (the tie-break).
        "CREATE UNIQUE INDEX track_on_artist_position ON track (artist_id, position)",
        "CREATE INDEX track_on_artist_title ON track (artist_id, search_title, position)",
        "CREATE INDEX track_on_artist_title_descending ON track (artist_id, search_title DESC, position)",
        "CREATE INDEX track_on_artist_popularity ON track (artist_id, popularity DESC, position)",
        "CREATE INDEX track_on_artist_release_date ON track (artist_id, release_date DESC, position)",
        "CREATE INDEX track_on_artist_duration_descending ON track (artist_id, duration DESC, position)",
        "CREATE INDEX track_on_artist_duration ON track (artist_id, duration, position)",
        """
        CREATE TABLE playlist (
          id text PRIMARY KEY,
          name text NOT NULL,
          artwork_url text NOT NULL
        )
        """,
        """
        CREATE TABLE playlist_track (
          playlist_id text NOT NULL REFERENCES playlist (id) ON DELETE CASCADE,
          position integer NOT NULL,
          track_id text NOT NULL REFERENCES track (id) ON DELETE CASCADE,
          PRIMARY KEY (playlist_id, position)
        )
        """,
        "CREATE INDEX playlist_track_on_track ON playlist_track (track_id)",
        """
        CREATE TABLE related_artist (
          artist_id text NOT NULL REFERENCES artist (id) ON DELETE CASCADE,
          related_artist_id text NOT NULL REFERENCES artist (id) ON DELETE CASCADE,
          position integer NOT NULL,
          PRIMARY KEY (artist_id, related_artist_id)
        )
        """,
        """
        CREATE TABLE server_user (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          name text NOT NULL UNIQUE,
          token_hash text NOT NULL UNIQUE,
          favourites_version bigint NOT NULL DEFAULT 0,
          created_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE user_favourite (
          user_id bigint NOT NULL REFERENCES server_user (id) ON DELETE CASCADE,
          track_id text NOT NULL REFERENCES track (id) ON DELETE CASCADE,
          PRIMARY KEY (user_id, track_id)
        )
        """,
        "CREATE INDEX user_favourite_on_track ON user_favourite (track_id)",
      ]),
    Migration(
      version: 2, name: "revocable user tokens",
      statements: [
        // A revoked token stops authenticating; the user and their favourites stay.
        "ALTER TABLE server_user ADD COLUMN revoked_at timestamptz"
      ]),
    // Values an encoder can write (`CatalogValueError`'s ranges): NaN and infinities passed version 1's
    // `duration >= 0`. NOT VALID: rows already stored are not scanned (a read that meets a bad one names it);
    // every row written from now on is checked.
    Migration(
      version: 3, name: "catalog values in range",
      statements: [
        """
        ALTER TABLE track ADD CONSTRAINT track_duration_in_range
          CHECK (duration >= 0 AND duration < 'Infinity') NOT VALID
        """,
        """
        ALTER TABLE track ADD CONSTRAINT track_release_date_in_range
          CHECK (release_date >= -62135596800 AND release_date < 253402300800) NOT VALID
        """,
        "ALTER TABLE artist ADD CONSTRAINT artist_listeners_in_range CHECK (listeners >= 0) NOT VALID",
      ]),
  ]

  /// Brings the database at `location` to ``latestVersion`` and answers the versions applied now (empty when
  /// it was current); a newer database is refused with ``PostgresStoreError/newerSchema(found:known:)``.
  @discardableResult
  public static func migrate(
    _ location: PostgresLocation, connectTimeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "humble-server.postgres")
  ) async throws(PostgresStoreError) -> [Int] {
    try await withConnection(location, connectTimeout: connectTimeout, logger: logger) { connection in
      try await migrate(connection, location: location, logger: logger)
    }
  }

  /// The versions of the migrations applied to the database at `location`, oldest first (empty for a database
  /// no humble-server has used).
  public static func appliedVersions(
    at location: PostgresLocation, connectTimeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "humble-server.postgres")
  ) async throws(PostgresStoreError) -> [Int] {
    try await withConnection(location, connectTimeout: connectTimeout, logger: logger) { connection in
      guard try await currentVersion(connection, logger: logger) != nil else { return [] }
      return try await connection.query(
        "SELECT version FROM humble_schema_migration ORDER BY version", logger: logger
      ).collect().map { try $0.decode(Int.self) }
    }
  }

  /// Runs `body` on a connection of its own, closed afterwards; failures become ``PostgresStoreError``.
  static func withConnection<T: Sendable>(
    _ location: PostgresLocation, connectTimeout: Duration, logger: Logger,
    _ body: (PostgresConnection) async throws -> T
  ) async throws(PostgresStoreError) -> T {
    do {
      let connection = try await PostgresConnection.connect(
        configuration: try location.connectionConfiguration(connectTimeout: connectTimeout), id: 0, logger: logger)
      do {
        let result = try await body(connection)
        try await connection.close()
        return result
      } catch {
        try? await connection.close()
        throw error
      }
    } catch {
      let error = PostgresFailure.unwrapped(error)
      if let error = error as? PostgresStoreError { throw error }
      throw .unavailable(reason: PostgresFailure.reason(error, at: location))
    }
  }

  /// Brings the database to ``latestVersion``; answers the versions applied now (empty when it was current).
  ///
  /// A database whose schema is newer than this build's is refused with
  /// ``PostgresStoreError/newerSchema(found:known:)`` and left untouched.
  @discardableResult
  static func migrate(
    _ connection: PostgresConnection, location: PostgresLocation, logger: Logger
  ) async throws -> [Int] {
    try await connection.query("SELECT pg_advisory_lock(\(lockKey))", logger: logger)
    do {
      let applied = try await migrateLocked(connection, logger: logger)
      try await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
      return applied
    } catch {
      _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))", logger: logger)
      throw error
    }
  }

  private static func migrateLocked(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
    let current = try await currentVersion(connection, logger: logger)
    if let current, current > latestVersion {
      throw PostgresStoreError.newerSchema(found: current, known: latestVersion)
    }
    if current == nil {
      try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS humble_schema_migration (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
        """, logger: logger)
    }
    var applied: [Int] = []
    for migration in migrations where migration.version > (current ?? 0) {
      try await connection.withTransaction(logger: logger) { connection in
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO humble_schema_migration (version, name) VALUES (\(migration.version), \(migration.name))",
          logger: logger)
      }
      applied.append(migration.version)
    }
    return applied
  }

  /// The newest migration applied, or nil when the database has no migration table.
  static func currentVersion(_ connection: PostgresConnection, logger: Logger) async throws -> Int? {
    let exists =
      try await connection.query(
        "SELECT to_regclass('humble_schema_migration') IS NOT NULL", logger: logger
      ).collect().first?.decode(Bool.self) ?? false
    guard exists else { return nil }
    let rows = try await connection.query(
      "SELECT COALESCE(MAX(version), 0) FROM humble_schema_migration", logger: logger
    ).collect()
    return try rows.first?.decode(Int.self) ?? 0
  }
}

/// Why a ``PostgresCatalogStore`` could not open.
public enum PostgresStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The database's schema is newer than this build knows: it was left untouched.
  case newerSchema(found: Int, known: Int)
  /// The database could not be reached or refused a request; `reason` says why.
  case unavailable(reason: String)
  /// An import needs an empty catalog.
  case catalogNotEmpty(artists: Int)
  /// An import's source holds a value PostgreSQL cannot store.
  case invalidSource(reason: String)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .newerSchema(let found, let known):
      "The database has schema version \(found), newer than this humble-server knows (\(known)); it was left "
        + "untouched: use a newer humble-server."
    case .unavailable(let reason): "The database is unavailable: \(reason)"
    case .catalogNotEmpty(let artists):
      "The database already holds a catalog (\(artists) artists); import needs an empty one."
    case .invalidSource(let reason): "The catalog cannot be imported: \(reason)"
    }
  }
}
