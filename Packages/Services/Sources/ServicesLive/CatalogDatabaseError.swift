import Domain
import Foundation

/// Why the catalog database could not be opened or used.
public enum CatalogDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file exists but is not a readable SQLite database; it was left untouched.
  case corrupt(path: String, reason: String)
  /// The file could not be opened or created (a directory, missing permissions, a missing volume…).
  case unreadable(path: String, reason: String)
  /// The file is a SQLite database of some other application; it was left untouched.
  case notACatalog(path: String)
  /// The file was written by a newer version of Humble whose schema this version does not know.
  case newerSchema(path: String, migration: String)
  /// Creating or upgrading the schema failed; the transaction was rolled back.
  case migrationFailed(path: String, reason: String)
  /// The files directory could not be prepared.
  case filesDirectory(path: String, reason: String)
  /// Another connection or process kept the file locked for longer than the busy timeout; trying again
  /// once it has finished succeeds.
  case locked(path: String)
  /// A change was refused because the file is open read-only (or, when opening, a read-only file needs
  /// its schema upgraded); reading still works.
  case readOnly(path: String)
  /// A query or update failed.
  case query(reason: String)
  /// The calling task was cancelled before the query ran.
  case cancelled
  /// A catalog value is outside its range: an import refused it (and left the database as it was), or a
  /// catalog written by another program holds it and a read met it.
  case invalidValue(CatalogValueError)

  /// A one-line explanation for people that names the file concerned.
  public var description: String {
    switch self {
    case .corrupt(let path, let reason):
      "The catalog database at \(path) is corrupt or not a SQLite database (\(reason)); it was left untouched."
    case .unreadable(let path, let reason):
      "Cannot open the catalog database at \(path): \(reason)."
    case .notACatalog(let path):
      "The file at \(path) is a SQLite database of another application, not a Humble catalog; it was left untouched."
    case .newerSchema(let path, let migration):
      "The catalog database at \(path) was written by a newer Humble (unknown migration '\(migration)'); "
        + "it was left untouched."
    case .migrationFailed(let path, let reason):
      "Could not prepare the catalog database at \(path): \(reason)."
    case .filesDirectory(let path, let reason):
      "Cannot use the files directory \(path): \(reason)."
    case .locked(let path):
      "The catalog database at \(path) is locked by another program; try again once it has finished."
    case .readOnly(let path):
      "The catalog database at \(path) is read-only: changes cannot be saved."
    case .query(let reason):
      "Catalog database query failed: \(reason)."
    case .cancelled:
      "The catalog database request was cancelled."
    case .invalidValue(let error):
      "The catalog holds a value out of range: \(error)."
    }
  }
}
