import Foundation
import Logging
import PostgresNIO
import ServicesLive

/// Loads a catalog into PostgreSQL with `COPY`, in one transaction: all of it or, whatever happens (an error,
/// the importer killed, the database stopped), none of it.
///
/// The track table's secondary indexes and foreign keys are dropped before its rows are copied and made again
/// after, in the same transaction (see `DeferredTrackConstraints`), so requests that read tracks wait for the
/// import to end (or for their timeout) rather than see a catalog being filled.
public enum PostgresCatalogImport {
  /// How far an import has come.
  public enum Progress: Hashable, Sendable {
    /// The schema is current and the catalog is empty: copying starts.
    case started
    /// A table's rows are being copied.
    case copying(table: String)
    /// Every row is copied; the track table's indexes and foreign keys are being made again.
    case indexing
    /// The catalog is complete; the transaction commits.
    case committing
  }

  /// Imports every artist, track, playlist and related artist of a SQLite catalog into an empty catalog at
  /// `location` (migrating its schema first), and answers what was imported.
  ///
  /// Fails with ``PostgresStoreError/catalogNotEmpty(artists:)`` when the database already holds a catalog,
  /// leaving it as it was.
  @discardableResult
  public static func run(
    from database: CatalogDatabase, into location: PostgresLocation, connectTimeout: Duration = .seconds(10),
    logger: Logger = Logger(label: "humble-server.import"),
    progress: @escaping @Sendable (Progress) -> Void = { _ in }
  ) async throws(PostgresStoreError) -> CatalogExportCounts {
    let counts: CatalogExportCounts
    do {
      counts = try database.exportCounts()
    } catch {
      throw .invalidSource(reason: "\(error)")
    }
    try await PostgresSchema.withConnection(location, connectTimeout: connectTimeout, logger: logger) { connection in
      try await PostgresSchema.migrate(connection, location: location, logger: logger)
      // The import is done when its commit is on disk, whatever the server's default; and only rows whose commit
      // is on disk can be marked visible to all, below.
      try await connection.query("SET synchronous_commit = on", logger: logger)
      try await connection.withTransaction(logger: logger) { connection in
        try await copy(database, connection, logger: logger, progress: progress)
        progress(.committing)
      }
      // Statistics for the planner, and the new rows marked visible to all: otherwise autovacuum does it a minute
      // later (throttled, while servers read the tables), and until then the first read of each page writes it.
      _ = try? await connection.query(
        "VACUUM (ANALYZE) artist, track, playlist, playlist_track, related_artist", logger: logger)
    }
    return counts
  }

  private static func copy(
    _ database: CatalogDatabase, _ connection: PostgresConnection, logger: Logger,
    progress: @Sendable (Progress) -> Void
  ) async throws {
    // Another import at the same moment waits here, then finds the catalog no longer empty. Requests that read
    // tracks wait too, since the track table's indexes are dropped until the end of the transaction.
    try await connection.query(
      "LOCK TABLE artist, playlist, playlist_track, related_artist IN SHARE ROW EXCLUSIVE MODE", logger: logger)
    try await connection.query("LOCK TABLE track IN ACCESS EXCLUSIVE MODE", logger: logger)
    let artists = try await connection.query("SELECT count(*) FROM artist", logger: logger).collect()
    let existing = try artists.first?.decode(Int.self) ?? 0
    guard existing == 0 else { throw PostgresStoreError.catalogNotEmpty(artists: existing) }
    progress(.started)
    let deferred = try await DeferredTrackConstraints.drop(connection, logger: logger)
    let stream = CatalogCopyStream(database: database)
    let items = CatalogCopyStream.Reader(stream)
    do {
      var next = try await items.next()
      while case .table(let table, let columns) = next {
        progress(.copying(table: table))
        next = nil
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
          while let item = try await items.next() {
            guard case .chunk(let buffer) = item else {
              items.putBack(item)
              return
            }
            try await writer.write(buffer)
          }
        }
        next = try await items.next()
      }
    } catch {
      stream.abandon()
      throw error
    }
    progress(.indexing)
    try await deferred.restore(connection, logger: logger)
    try await connection.query(
      """
      UPDATE artist SET track_count = counts.tracks
      FROM (SELECT artist_id, count(*) AS tracks FROM track GROUP BY artist_id) AS counts
      WHERE artist.id = counts.artist_id
      """, logger: logger)
  }
}
