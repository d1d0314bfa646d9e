import Domain
import Foundation
import GRDB
import Services

// A transfer's life: copy into a partial file, then move it into place and record it, or record the failure, or
// delete what was written when cancelled. Each step checks that its transfer is still the track's current one
// (its token), so a late step of a cancelled transfer changes nothing.
extension LiveDownloadsManager {
  func run(_ track: Track, token: UUID) async {
    let partial = location.partialDownloadsDirectory.appendingPathComponent("\(token.uuidString).part")
    let willWaitToResume = self.willWaitToResume
    let transfer = StreamTransfer(
      chunkSize: configuration.chunkSize, maximumBytesPerSecond: configuration.maximumBytesPerSecond,
      stallTimeout: configuration.stallTimeout, resumeAttempts: max(0, configuration.resumeAttempts),
      resumeBackoff: max(.zero, configuration.resumeBackoff), maximumBytes: max(0, configuration.maximumBytes),
      willWaitToResume: willWaitToResume.map { hook in { @Sendable bytes in hook(track.id, bytes) } }, gate: gate)
    let result: Result<Int, StreamTransfer.Failure>
    do {
      result = .success(
        try await transfer.copy(from: track.streamURL, to: partial) { progress in
          self.report(progress, for: track.id, token: token)
        })
    } catch {
      result = .failure(error)
    }
    switch result {
    case .failure(.cancelled):
      await abandon(partial, of: track.id, token: token)
    case .failure(.failed(let reason)):
      discard(partial)
      await recordFailure(reason, for: track.id, token: token)
    case .success(let byteCount):
      await commit(partial, byteCount: byteCount, of: track, token: token)
    }
  }

  func commit(_ partial: URL, byteCount: Int, of track: Track, token: UUID) async {
    let proceed = state.withLock { state in
      guard state.active[track.id]?.token == token, state.active[track.id]?.isCancelled == false else { return false }
      state.active[track.id]?.isCommitting = true
      return true
    }
    guard proceed else {
      await abandon(partial, of: track.id, token: token)
      return
    }
    let fileName = Self.fileName(for: track, token: token)
    let destination = location.downloadsDirectory.appendingPathComponent(fileName)
    do {
      try FileManager.default.moveItem(at: partial, to: destination)
    } catch {
      discard(partial)
      await recordFailure(
        "cannot move the download into place: \(error.localizedDescription)", for: track.id, token: token)
      return
    }
    do {
      try await persist { db in
        try DownloadRecord.downloaded(track.id, fileName: fileName, byteCount: byteCount).insert(db)
      }
    } catch {
      discard(destination)
      finish(track.id, token: token, with: .failed(reason: "cannot record the download: \(error.description)"))
      return
    }
    finish(track.id, token: token, with: .downloaded, fileName: fileName)
  }

  func recordFailure(_ reason: String, for trackID: Track.ID, token: UUID) async {
    try? await persist { db in
      try DownloadRecord.failed(trackID, reason: reason).insert(db)
    }
    finish(trackID, token: token, with: .failed(reason: reason))
  }

  func report(_ progress: Double, for trackID: Track.ID, token: UUID) {
    state.withLock { state in
      guard var active = state.active[trackID], active.token == token, !active.isCancelled else { return }
      guard progress - active.announcedProgress >= configuration.progressGranularity, progress < 1 else { return }
      active.announcedProgress = progress
      state.active[trackID] = active
      set(.downloading(progress: progress), for: trackID, in: &state)
    }
  }

  func finish(_ trackID: Track.ID, token: UUID, with newState: DownloadState, fileName: String? = nil) {
    state.withLock { state in
      guard state.active[trackID]?.token == token else { return }
      state.active[trackID] = nil
      state.files[trackID] = fileName
      set(newState, for: trackID, in: &state)
    }
  }

  /// Ends a cancelled transfer: deletes its partial file and any failure recorded by an earlier attempt.
  func abandon(_ partial: URL, of trackID: Track.ID, token: UUID) async {
    discard(partial)
    try? await persist { db in
      _ = try DownloadRecord.filter(key: trackID.rawValue)
        .filter(DownloadRecord.Columns.state == DownloadRecord.Outcome.failed.rawValue)
        .deleteAll(db)
    }
    finish(trackID, token: token, with: .notDownloaded)
  }

  /// Writes to the database even from a cancelled transfer: a write that reflects a state change must land
  /// (an unstructured task does not inherit the caller's cancellation).
  func persist(_ body: @escaping @Sendable (Database) throws -> Void) async throws(CatalogDatabaseError) {
    let database = self.database
    let write = Task { () async -> Result<Void, CatalogDatabaseError> in
      do throws(CatalogDatabaseError) {
        try await database.write(body)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try await write.value.get()
  }
}
