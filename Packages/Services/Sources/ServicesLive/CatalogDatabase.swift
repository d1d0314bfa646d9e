import Domain
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The SQLite database behind the live services: the catalog, downloads and favourites, in one file.
///
/// Opening never damages an existing file: a file that is not a SQLite database, is corrupt, or belongs to
/// another application is reported with a ``CatalogDatabaseError`` naming its path and is left untouched.
public final class CatalogDatabase: Sendable {
  /// The database file's path, or `:memory:`.
  public let path: String
  /// Whether the database was opened read-only: reads work, and every change fails with
  /// ``CatalogDatabaseError/readOnly(path:)``.
  public let isReadOnly: Bool
  let writer: any DatabaseWriter

  private init(path: String, writer: any DatabaseWriter, isReadOnly: Bool = false) {
    self.path = path
    self.writer = writer
    self.isReadOnly = isReadOnly
  }

  /// How long a change waits for another connection or process that is writing to the file before it
  /// fails with ``CatalogDatabaseError/locked(path:)``, unless ``open(at:createsDirectory:readOnly:busyTimeout:)``
  /// is given another wait.
  public static let defaultBusyTimeout: Duration = .seconds(5)

  /// Opens (creating if needed) the database file at `url`, or an in-memory database when `url` is nil,
  /// and brings its schema up to date.
  ///
  /// The file's directory must exist unless `createsDirectory` is true: a mistyped path is reported, not
  /// silently created. An existing file opens read-only when `readOnly` is true or the file cannot be
  /// written (its permissions, a read-only volume); its schema must then be up to date already. A change
  /// that finds the file locked by another process waits up to `busyTimeout` for it.
  public static func open(
    at url: URL?,
    createsDirectory: Bool = false,
    readOnly: Bool = false,
    busyTimeout: Duration = defaultBusyTimeout
  ) throws(CatalogDatabaseError) -> CatalogDatabase {
    guard let url else {
      do {
        let database = CatalogDatabase(
          path: ":memory:", writer: try DatabaseQueue(configuration: configuration(busyTimeout: busyTimeout)))
        try database.migrate()
        return database
      } catch {
        throw classify(error, path: ":memory:")
      }
    }
    let path = url.path
    try prepareFile(at: url, createsDirectory: createsDirectory)
    let exists = FileManager.default.fileExists(atPath: path)
    let opensReadOnly = readOnly || (exists && access(path, W_OK) != 0)
    if opensReadOnly, !exists {
      throw .unreadable(path: path, reason: "it does not exist, and read-only cannot create it")
    }
    // SQLite creates these beside the file as it opens it; a file refused must be left as it was found.
    let companions = ["-wal", "-shm", "-journal"].map { path + $0 }.filter {
      !FileManager.default.fileExists(atPath: $0)
    }
    if !opensReadOnly, !exists { try createPrivateFile(at: path) }
    do {
      return try openValidated(at: path, readOnly: opensReadOnly, busyTimeout: busyTimeout)
    } catch {
      removeEmptyCompanions(companions)
      throw error
    }
  }

  private static func openValidated(
    at path: String, readOnly: Bool, busyTimeout: Duration
  ) throws(CatalogDatabaseError) -> CatalogDatabase {
    do {
      try validateExistingFile(at: path)
      if readOnly {
        var configuration = configuration(busyTimeout: busyTimeout)
        configuration.readonly = true
        let database = CatalogDatabase(
          path: path, writer: try DatabasePool(path: path, configuration: configuration), isReadOnly: true)
        guard try database.writer.read({ try CatalogSchema.migrator.hasCompletedMigrations($0) }) else {
          throw CatalogDatabaseError.readOnly(path: path)
        }
        return database
      }
      let database = CatalogDatabase(
        path: path, writer: try DatabasePool(path: path, configuration: configuration(busyTimeout: busyTimeout)))
      try database.migrate()
      return database
    } catch let error as CatalogDatabaseError {
      throw error
    } catch {
      throw classify(error, path: path)
    }
  }

  /// Deletes the companion files SQLite created while a refused file was being opened: the shared-memory
  /// index always, a write-ahead log or journal only when empty (one with content would hold data).
  private static func removeEmptyCompanions(_ companions: [String]) {
    for companion in companions {
      let size = (try? FileManager.default.attributesOfItem(atPath: companion))?[.size] as? NSNumber
      guard let size, companion.hasSuffix("-shm") || size.intValue == 0 else { continue }
      try? FileManager.default.removeItem(atPath: companion)
    }
  }

  /// Whether the catalog holds no artist yet.
  public func isCatalogEmpty() throws(CatalogDatabaseError) -> Bool {
    try readBlocking { db in try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM artist)") == 0 }
  }

  /// The number of tracks in the catalog.
  public func trackCount() throws(CatalogDatabaseError) -> Int {
    try readBlocking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM track") ?? 0 }
  }

  /// The identifiers of the migrations applied to this database, in order.
  public func appliedMigrations() throws(CatalogDatabaseError) -> [String] {
    try readBlocking { db in try CatalogSchema.migrator.appliedIdentifiers(db).sorted() }
  }

  // MARK: Access for the live services

  func readBlocking<T>(_ body: (Database) throws -> T) throws(CatalogDatabaseError) -> T {
    do {
      return try writer.read(body)
    } catch {
      throw Self.classify(error, path: path, whileMigrating: false)
    }
  }

  func writeBlocking<T>(_ body: (Database) throws -> T) throws(CatalogDatabaseError) -> T {
    do {
      return try writer.write(body)
    } catch {
      throw Self.classify(error, path: path, whileMigrating: false)
    }
  }

  /// Reads asynchronously; errors of the caller's own type thrown by `body` pass through, and database
  /// errors are turned into the caller's type by `describe`.
  ///
  /// Public for stores that keep their tables in the catalog's file outside this package (the server's
  /// `LiveUserStore`).
  public func read<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable (Database) throws -> T,
    describingErrorsWith describe: (CatalogDatabaseError) -> Failure
  ) async throws(Failure) -> T {
    do {
      return try await writer.read(body)
    } catch let error as Failure {
      throw error
    } catch {
      throw describe(Self.classify(error, path: path, whileMigrating: false))
    }
  }

  /// Writes in a transaction; errors of the caller's own type thrown by `body` pass through (and roll it
  /// back), and database errors are turned into the caller's type by `describe`.
  ///
  /// Public for stores that keep their tables in the catalog's file outside this package (the server's
  /// `LiveUserStore`).
  public func write<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable (Database) throws -> T,
    describingErrorsWith describe: (CatalogDatabaseError) -> Failure
  ) async throws(Failure) -> T {
    do {
      return try await writer.write(body)
    } catch let error as Failure {
      throw error
    } catch {
      throw describe(Self.classify(error, path: path, whileMigrating: false))
    }
  }

  func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(CatalogDatabaseError) -> T {
    do {
      return try await writer.write(body)
    } catch {
      throw Self.classify(error, path: path, whileMigrating: false)
    }
  }

  // MARK: Opening

  private func migrate() throws {
    try CatalogSchema.migrator.migrate(writer)
  }

  /// Refuses, before anything is written, a database of another application or of a newer Humble.
  private static func checkIdentity(_ db: Database, path: String) throws {
    let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    let objectCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
    if objectCount > 0 && applicationID != CatalogSchema.applicationID {
      throw CatalogDatabaseError.notACatalog(path: path)
    }
    if objectCount > 0, try CatalogSchema.migrator.hasBeenSuperseded(db) {
      let known = Set(CatalogSchema.migrator.migrations)
      let unknown = try CatalogSchema.migrator.appliedIdentifiers(db).subtracting(known).sorted().first ?? "?"
      throw CatalogDatabaseError.newerSchema(path: path, migration: unknown)
    }
  }

  private static func configuration(busyTimeout: Duration) -> Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    configuration.busyMode = .timeout(max(0, busyTimeout / .seconds(1)))
    configuration.label = "Humble catalog"
    return configuration
  }

  /// Rejects paths that cannot be a database file, and creates the file's directory if asked to.
  private static func prepareFile(at url: URL, createsDirectory: Bool) throws(CatalogDatabaseError) {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .unreadable(path: url.path, reason: "it is a directory")
    }
    let directory = url.deletingLastPathComponent()
    if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .unreadable(path: url.path, reason: "\(directory.path) is not a directory")
      }
      return
    }
    guard createsDirectory else {
      throw .unreadable(path: url.path, reason: "its directory \(directory.path) does not exist")
    }
    do {
      try fileManager.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: StorageLocation.privateDirectory)
    } catch {
      throw .unreadable(path: url.path, reason: "cannot create its directory \(directory.path)")
    }
  }

  /// Creates a missing database file readable and writable by its owner only, whatever the umask.
  ///
  /// SQLite gives the `-wal` and `-shm` files it creates beside it the same permissions. An existing file
  /// is left as it is.
  private static func createPrivateFile(at path: String) throws(CatalogDatabaseError) {
    let descriptor = openNewFile(path, permissions: 0o600)
    if descriptor >= 0 {
      close(descriptor)
      return
    }
    let code = errno
    guard code != EEXIST else { return }
    throw .unreadable(path: path, reason: String(cString: strerror(code)))
  }

  /// Reads an existing file's header without SQLite, so that a file that is not a database is never opened
  /// for writing; then checks, read-only, that SQLite can read its schema and that it is a Humble catalog.
  private static func validateExistingFile(at path: String) throws {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
    guard (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0 else { return }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CatalogDatabaseError.unreadable(path: path, reason: "permission denied")
    }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    guard header == Data("SQLite format 3\0".utf8) else {
      throw CatalogDatabaseError.corrupt(path: path, reason: "file is not a database")
    }
    var configuration = Configuration()
    configuration.readonly = true
    let probe = try DatabaseQueue(path: path, configuration: configuration)
    try probe.read { db in
      _ = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master")
      try checkIdentity(db, path: path)
    }
    try probe.close()
  }

  static func classify(_ error: any Error, path: String, whileMigrating: Bool = true) -> CatalogDatabaseError {
    if let error = error as? CatalogDatabaseError { return error }
    if let error = error as? CatalogValueError { return .invalidValue(error) }
    if error is CancellationError { return .cancelled }
    guard let error = error as? DatabaseError else {
      return whileMigrating
        ? .migrationFailed(path: path, reason: String(describing: error)) : .query(reason: String(describing: error))
    }
    let reason = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return .locked(path: path)
    case .SQLITE_READONLY where !whileMigrating:
      return .readOnly(path: path)
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      return .corrupt(path: path, reason: reason)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
      return .unreadable(path: path, reason: reason)
    default:
      return whileMigrating ? .migrationFailed(path: path, reason: reason) : .query(reason: reason)
    }
  }
}

/// Creates a file that must not exist yet, with exactly these permissions if the umask allows them.
private func openNewFile(_ path: String, permissions: mode_t) -> Int32 {
  open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
}
