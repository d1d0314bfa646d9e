import ServicesLive

/// Why ``CatalogFile/create(at:replacingExisting:fill:)`` wrote nothing.
public enum CatalogFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A file is already at the target and replacing it was not asked for.
  case alreadyExists(path: String)
  /// The target is a directory.
  case isDirectory(path: String)
  /// Opening or filling the database failed.
  case database(CatalogDatabaseError)
  /// Moving the finished file into place, or cleaning up beside it, failed.
  case fileSystem(path: String, reason: String)

  /// A one-line explanation for people that names the file concerned.
  public var description: String {
    switch self {
    case .alreadyExists(let path):
      "\(path) already exists; it was left untouched."
    case .isDirectory(let path):
      "\(path) is a directory; give the path of a database file."
    case .database(let error):
      error.description
    case .fileSystem(let path, let reason):
      "Cannot write \(path): \(reason)."
    }
  }
}
