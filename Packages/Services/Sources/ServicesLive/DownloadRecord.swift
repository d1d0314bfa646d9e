import Domain
import Foundation
import GRDB

/// One row of the `download` table: a finished download (its file and size) or a failed one (its reason).
///
/// A download in progress has no row: only what survives a restart is recorded.
struct DownloadRecord: Codable, FetchableRecord, PersistableRecord {
  /// What a recorded download came to.
  enum Outcome: String, Codable {
    case downloaded
    case failed
  }

  static let databaseTableName = "download"
  /// A download recorded again replaces the row it had.
  static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace, update: .replace)

  /// The column names, for queries that select by them.
  enum Columns {
    static let trackID = Column(CodingKeys.trackID)
    static let state = Column(CodingKeys.state)
    static let fileName = Column(CodingKeys.fileName)
  }

  var trackID: String
  var state: Outcome
  /// The file's name in the downloads directory; nil for a failure.
  var fileName: String?
  /// The file's size when it was recorded; nil for a failure.
  var byteCount: Int?
  /// Why the download failed; nil for a finished one.
  var failureReason: String?
  /// When it was recorded, in seconds since 1970.
  var updatedAt: Double

  /// The row of a track whose every byte is in `fileName`.
  static func downloaded(_ trackID: Track.ID, fileName: String, byteCount: Int) -> DownloadRecord {
    DownloadRecord(
      trackID: trackID.rawValue, state: .downloaded, fileName: fileName, byteCount: byteCount, failureReason: nil,
      updatedAt: Date().timeIntervalSince1970)
  }

  /// The row of a track whose download failed for `reason`.
  static func failed(_ trackID: Track.ID, reason: String) -> DownloadRecord {
    DownloadRecord(
      trackID: trackID.rawValue, state: .failed, fileName: nil, byteCount: nil, failureReason: reason,
      updatedAt: Date().timeIntervalSince1970)
  }
}
