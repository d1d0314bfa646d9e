import Logging
import PostgresNIO

/// The track table's secondary indexes and foreign keys, dropped by an import before it copies the tracks and
/// made again after, in the same transaction.
///
/// Building an index from a million rows at once is several times faster than inserting each row into it, and
/// one check of every track's artist is faster than a check per row: copying the 1.1 million tracks of the
/// benchmarks' catalog into the table with its eight indexes and foreign key took 15.7 s; into the bare table
/// 1.5 s, then 3.7 s to build the indexes and 0.15 s to check the artists. The definitions are read from the
/// database, so the migrations stay the one place that says what the indexes are. The primary key stays (other
/// tables' foreign keys depend on it); a failed or abandoned import rolls back the drops with everything else.
struct DeferredTrackConstraints {
  /// `CREATE INDEX` statements, as `pg_get_indexdef` gives them.
  let indexes: [String]
  /// Foreign keys: name and definition, as `pg_get_constraintdef` gives them.
  let foreignKeys: [(name: String, definition: String)]

  /// Reads the definitions of the track table's indexes that back no constraint and of its foreign keys, and
  /// drops them; the caller holds an exclusive lock on the table within a transaction.
  static func drop(_ connection: PostgresConnection, logger: Logger) async throws -> DeferredTrackConstraints {
    var indexes: [(name: String, definition: String)] = []
    for try await (name, definition) in try await connection.query(
      """
      SELECT index.relname, pg_get_indexdef(pg_index.indexrelid) FROM pg_index
      JOIN pg_class AS index ON index.oid = pg_index.indexrelid
      WHERE pg_index.indrelid = 'track'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE pg_constraint.conindid = pg_index.indexrelid)
      ORDER BY index.relname
      """, logger: logger
    ).decode((String, String).self) {
      indexes.append((name, definition))
    }
    var foreignKeys: [(name: String, definition: String)] = []
    for try await (name, definition) in try await connection.query(
      """
      SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint
      WHERE conrelid = 'track'::regclass AND contype = 'f' ORDER BY conname
      """, logger: logger
    ).decode((String, String).self) {
      foreignKeys.append((name, definition))
    }
    for foreignKey in foreignKeys {
      try await connection.query(
        PostgresQuery(unsafeSQL: "ALTER TABLE track DROP CONSTRAINT \(quoted(foreignKey.name))"), logger: logger)
    }
    for index in indexes {
      try await connection.query(PostgresQuery(unsafeSQL: "DROP INDEX \(quoted(index.name))"), logger: logger)
    }
    return DeferredTrackConstraints(indexes: indexes.map(\.definition), foreignKeys: foreignKeys)
  }

  /// Builds the indexes again and adds the foreign keys back, each checked once over the whole table.
  func restore(_ connection: PostgresConnection, logger: Logger) async throws {
    for index in indexes {
      try await connection.query(PostgresQuery(unsafeSQL: index), logger: logger)
    }
    for foreignKey in foreignKeys {
      try await connection.query(
        PostgresQuery(
          unsafeSQL: "ALTER TABLE track ADD CONSTRAINT \(Self.quoted(foreignKey.name)) \(foreignKey.definition)"),
        logger: logger)
    }
  }

  /// An identifier quoted for SQL.
  private static func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
