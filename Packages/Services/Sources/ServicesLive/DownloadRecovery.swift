import Domain
import Foundation
import GRDB
import Services

/// What a downloads manager finds when it starts: the downloads recorded in the database whose files are whole,
/// and the failures; and, when it is alone on its directory, the clean-up after a crash.
///
/// A recorded download whose file is missing or has another size than recorded is forgotten (its row deleted),
/// and so is a row that cannot be read: the track is simply not downloaded. When no other manager uses the
/// directory, partial files (transfers a crash interrupted) and files no row refers to (moved into place but
/// never recorded) are deleted.
struct DownloadRecovery {
  /// The tracks downloaded or failed.
  var states: [Track.ID: DownloadState] = [:]
  /// The file of each downloaded track, by name in the downloads directory.
  var files: [Track.ID: String] = [:]

  /// Reads the records in `database`, checks their files in `location`, and cleans up under `lock`.
  init(database: CatalogDatabase, location: StorageLocation, lock: DirectoryLock) throws(CatalogDatabaseError) {
    let fileManager = FileManager.default
    let rows = try database.readBlocking { db in try Row.fetchAll(db, DownloadRecord.all()) }
    var forgotten: [String] = []
    for row in rows {
      guard let record = try? DownloadRecord(row: row) else {
        // A row this version cannot read (hand-edited, or from a damaged file) is forgotten, not fatal.
        if let trackID = (row[DownloadRecord.Columns.trackID.name] as DatabaseValue?).flatMap(String.fromDatabaseValue)
        {
          forgotten.append(trackID)
        }
        continue
      }
      let trackID = Track.ID(record.trackID)
      switch record.state {
      case .failed:
        states[trackID] = .failed(reason: record.failureReason ?? "unknown reason")
      case .downloaded:
        let fileName = record.fileName ?? ""
        let path = location.downloadsDirectory.appendingPathComponent(fileName).path
        let size = (try? fileManager.attributesOfItem(atPath: path))?[.size] as? NSNumber
        if !fileName.isEmpty, let size, size.intValue == record.byteCount {
          states[trackID] = .downloaded
          files[trackID] = fileName
        } else {
          forgotten.append(record.trackID)
        }
      }
    }
    let recorded = Set(files.values)
    lock.holdShared {
      // Alone: partial files are leftovers of a crash, and so is a file moved into place but never recorded.
      let partials = (try? fileManager.contentsOfDirectory(atPath: location.partialDownloadsDirectory.path)) ?? []
      for leftover in partials {
        try? fileManager.removeItem(at: location.partialDownloadsDirectory.appendingPathComponent(leftover))
      }
      let stored = (try? fileManager.contentsOfDirectory(atPath: location.downloadsDirectory.path)) ?? []
      for orphan in stored where !orphan.hasPrefix(".") && !recorded.contains(orphan) {
        try? fileManager.removeItem(at: location.downloadsDirectory.appendingPathComponent(orphan))
      }
    }
    if !forgotten.isEmpty, !database.isReadOnly {
      try database.writeBlocking { db in
        _ = try DownloadRecord.filter(keys: forgotten).deleteAll(db)
      }
    }
  }
}
