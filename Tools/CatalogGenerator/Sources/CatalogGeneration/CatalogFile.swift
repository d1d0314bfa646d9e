import Foundation
import ServicesLive

/// Creates a catalog database file whole or not at all.
///
/// The file is written under a temporary name beside the target and renamed into place only once it is
/// complete and closed, so a failure (or an interrupted run) never leaves a half-written catalog at the
/// target:
///
/// ```swift
/// try CatalogFile.create(at: url, replacingExisting: false) { database in
///   try CatalogGenerator().generate(into: database)
/// }
/// ```
public enum CatalogFile {
  /// Creates the database file at `url`, filled by `fill`; refuses to replace an existing file unless
  /// `replacingExisting`.
  public static func create(
    at url: URL,
    replacingExisting: Bool,
    fill: (CatalogDatabase) throws(CatalogDatabaseError) -> Void
  ) throws(CatalogFileError) {
    let fileManager = FileManager.default
    let path = url.path
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard !isDirectory.boolValue else { throw .isDirectory(path: path) }
      guard replacingExisting else { throw .alreadyExists(path: path) }
    }
    let directory = url.deletingLastPathComponent()
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .fileSystem(path: path, reason: "cannot create its directory \(directory.path)")
    }
    let temporaryURL = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
    do {
      try fillAndClose(temporaryURL, fill: fill)
      try removeSidecarFiles(of: url)
      try moveIntoPlace(temporaryURL, replacing: url)
    } catch {
      try? fileManager.removeItem(at: temporaryURL)
      try? removeSidecarFiles(of: temporaryURL)
      throw error
    }
  }

  /// The files SQLite keeps beside a database: its write-ahead log and shared-memory index.
  static func sidecarURLs(of url: URL) -> [URL] {
    ["-wal", "-shm", "-journal"].map { URL(fileURLWithPath: url.path + $0) }
  }

  /// Opens, fills and closes the database: it is closed when the last reference goes at the end of this
  /// function, which folds the write-ahead log into the file and deletes the log.
  private static func fillAndClose(
    _ url: URL,
    fill: (CatalogDatabase) throws(CatalogDatabaseError) -> Void
  ) throws(CatalogFileError) {
    do {
      let database = try CatalogDatabase.open(at: url)
      try fill(database)
    } catch {
      throw .database(error)
    }
    let log = URL(fileURLWithPath: url.path + "-wal")
    let logSize = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? NSNumber)?.intValue ?? 0
    guard logSize == 0 else {
      throw .fileSystem(path: url.path, reason: "its write-ahead log was not folded in when it was closed")
    }
  }

  /// Removes the log files a previous database at `url` may have left: SQLite would otherwise apply them to
  /// the new file.
  private static func removeSidecarFiles(of url: URL) throws(CatalogFileError) {
    for sidecar in sidecarURLs(of: url) where FileManager.default.fileExists(atPath: sidecar.path) {
      do {
        try FileManager.default.removeItem(at: sidecar)
      } catch {
        throw .fileSystem(path: sidecar.path, reason: "cannot remove it: \(error.localizedDescription)")
      }
    }
  }

  /// Renames `source` to `destination` in one step, replacing any file there.
  private static func moveIntoPlace(_ source: URL, replacing destination: URL) throws(CatalogFileError) {
    guard rename(source.path, destination.path) == 0 else {
      throw .fileSystem(path: destination.path, reason: String(cString: strerror(errno)))
    }
  }
}
