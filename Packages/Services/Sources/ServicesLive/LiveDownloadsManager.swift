import Domain
import Foundation
import GRDB
import Services

/// The ``DownloadsManager`` that really copies tracks from their stream URLs into the downloads directory.
///
/// Transfers run in the background and write to `downloads/.partial/`; only when every byte is on disk
/// is the file flushed, renamed into `downloads/` and recorded in the database, and only then does the
/// track become downloaded. A failed or cancelled transfer deletes what it wrote. Finished and failed
/// downloads survive reopening; partial files left by a crash are deleted when the manager starts. An HTTP(S)
/// transfer cut short is resumed with `Range` requests into the same partial file (see
/// ``Configuration/resumeAttempts``).
public final class LiveDownloadsManager: DownloadsManager, Sendable {
  /// How transfers behave.
  public struct Configuration: Hashable, Sendable {
    /// Bytes read per chunk.
    public var chunkSize: Int
    /// A bandwidth limit per transfer, to make progress visible on fast local files; nil for none.
    public var maximumBytesPerSecond: Int?
    /// The smallest progress change that is announced (0.01 announces each percent at most once).
    public var progressGranularity: Double

    /// How long an HTTP(S) transfer may go without receiving a byte (before the response or between parts
    /// of the body) before it fails as stalled.
    public var stallTimeout: Duration

    /// How many times an HTTP(S) transfer whose connection ends early is resumed with a `Range` request
    /// before it fails; 0 never resumes.
    ///
    /// Only a server that announced `Accept-Ranges: bytes` is asked; a stall is resumed once at most.
    public var resumeAttempts: Int

    /// The wait before the first resume; each later one waits twice as long as the one before.
    public var resumeBackoff: Duration

    /// Creates a configuration; the defaults copy as fast as possible, announce each percent, give up on
    /// a stream that sends nothing for 30 seconds, and resume a cut HTTP(S) transfer up to 5 times, waiting
    /// 0.25 s before the first resume.
    public init(
      chunkSize: Int = 64 * 1024,
      maximumBytesPerSecond: Int? = nil,
      progressGranularity: Double = 0.01,
      stallTimeout: Duration = .seconds(30),
      resumeAttempts: Int = 5,
      resumeBackoff: Duration = .milliseconds(250)
    ) {
      self.chunkSize = chunkSize
      self.maximumBytesPerSecond = maximumBytesPerSecond
      self.progressGranularity = progressGranularity
      self.stallTimeout = stallTimeout
      self.resumeAttempts = resumeAttempts
      self.resumeBackoff = resumeBackoff
    }
  }

  private struct ActiveDownload {
    let token: UUID
    var task: Task<Void, Never>?
    var isCancelled = false
    var isCommitting = false
    var announcedProgress = 0.0
  }

  private struct State {
    var states: [Track.ID: DownloadState] = [:]
    var files: [Track.ID: String] = [:]
    var active: [Track.ID: ActiveDownload] = [:]
  }

  private let database: CatalogDatabase
  private let location: StorageLocation
  private let configuration: Configuration
  private let state: Locked<State>
  private let broadcaster = ChangeBroadcaster<DownloadChange>()
  private let lock: DirectoryLock
  private let directoryRemoval: DirectoryRemoval?
  /// Told when a cut transfer starts waiting to resume, with the bytes it keeps (a test's signal).
  private let willWaitToResume: (@Sendable (Track.ID, Int) -> Void)?

  /// Loads the downloads recorded in `database` and checks their files.
  ///
  /// When no other manager (in this process or another) uses the same downloads directory, it also deletes
  /// leftovers of interrupted transfers and files that no download refers to.
  public convenience init(
    database: CatalogDatabase,
    location: StorageLocation,
    configuration: Configuration = Configuration()
  ) throws(CatalogDatabaseError) {
    try self.init(database: database, location: location, configuration: configuration, removingWhenDone: nil)
  }

  init(
    database: CatalogDatabase,
    location: StorageLocation,
    configuration: Configuration,
    removingWhenDone directoryRemoval: DirectoryRemoval?,
    willWaitToResume: (@Sendable (Track.ID, Int) -> Void)? = nil
  ) throws(CatalogDatabaseError) {
    self.willWaitToResume = willWaitToResume
    self.database = database
    self.location = location
    self.configuration = configuration
    self.directoryRemoval = directoryRemoval
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(
        at: location.partialDownloadsDirectory, withIntermediateDirectories: true,
        attributes: StorageLocation.privateDirectory)
      lock = try DirectoryLock(directory: location.downloadsDirectory)
    } catch {
      throw .filesDirectory(path: location.downloadsDirectory.path, reason: error.localizedDescription)
    }
    let rows = try database.readBlocking { db in
      try Row.fetchAll(db, sql: "SELECT trackID, state, fileName, byteCount, failureReason FROM download")
    }
    var loaded = State()
    var missing: [String] = []
    for row in rows {
      guard let trackID = String.fromDatabaseValue(row[0]).map({ Track.ID($0) }) else { continue }
      let fileName = String.fromDatabaseValue(row[2]) ?? ""
      if String.fromDatabaseValue(row[1]) == "failed" {
        loaded.states[trackID] = .failed(reason: String.fromDatabaseValue(row[4]) ?? "unknown reason")
        continue
      }
      let path = location.downloadsDirectory.appendingPathComponent(fileName).path
      let size = (try? fileManager.attributesOfItem(atPath: path))?[.size] as? NSNumber
      if !fileName.isEmpty, let size, size.intValue == Int.fromDatabaseValue(row[3]) {
        loaded.states[trackID] = .downloaded
        loaded.files[trackID] = fileName
      } else {
        missing.append(trackID.rawValue)
      }
    }
    let recorded = Set(loaded.files.values)
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
    if !missing.isEmpty, !database.isReadOnly {
      try database.writeBlocking { db in
        for trackID in missing {
          try db.execute(sql: "DELETE FROM download WHERE trackID = ?", arguments: [trackID])
        }
      }
    }
    state = Locked(loaded)
  }

  /// The file holding a downloaded track's bytes, or nil when the track is not downloaded.
  public func fileURL(for trackID: Track.ID) -> URL? {
    state.withLock { $0.files[trackID] }.map { location.downloadsDirectory.appendingPathComponent($0) }
  }

  /// Whether every byte of the track is on disk and recorded.
  public func hasDownloaded(_ trackID: Track.ID) -> Bool {
    state.withLock { $0.states[trackID] == .downloaded }
  }

  /// The states of many tracks, under one lock.
  public func downloadStates(of trackIDs: [Track.ID]) -> [DownloadState] {
    state.withLock { state in
      if state.states.isEmpty { return Array(repeating: .notDownloaded, count: trackIDs.count) }
      return trackIDs.map { state.states[$0] ?? .notDownloaded }
    }
  }

  /// The track's current state.
  public func downloadState(of trackID: Track.ID) -> DownloadState {
    state.withLock { $0.states[trackID] ?? .notDownloaded }
  }

  /// Starts a background transfer of the track from its stream URL.
  public func startDownload(of track: Track) async throws(DownloadError) {
    guard let scheme = track.streamURL.scheme?.lowercased(), StreamTransfer.supportedSchemes.contains(scheme) else {
      throw .unsupportedURL(track.streamURL.absoluteString)
    }
    guard !track.id.rawValue.containsNUL else {
      throw .storage(reason: "the track ID \(track.id.rawValue.debugDescription) holds a NUL character")
    }
    let token = UUID()
    try state.withLock { state throws(DownloadError) in
      switch state.states[track.id] ?? .notDownloaded {
      case .downloaded: throw .alreadyDownloaded(track.id)
      case .downloading: throw .alreadyDownloading(track.id)
      case .notDownloaded, .failed: break
      }
      // Created under the lock, so that a cancel always finds the task to cancel.
      let task = Task { await self.run(track, token: token) }
      state.active[track.id] = ActiveDownload(token: token, task: task)
      set(.downloading(progress: 0), for: track.id, in: &state)
    }
  }

  /// Stops the track's transfer, waits until its partial file is deleted, and makes it not downloaded.
  ///
  /// A transfer that has finished copying and is being recorded is not interrupted: the request waits for
  /// it and fails with ``DownloadError/alreadyDownloaded(_:)`` once the track is downloaded.
  public func cancelDownload(of trackID: Track.ID) async throws(DownloadError) {
    let (task, isCommitting) = try state.withLock { state throws(DownloadError) in
      guard let active = state.active[trackID] else { throw DownloadError.notDownloading(trackID) }
      if !active.isCommitting { state.active[trackID]?.isCancelled = true }
      return (active.task, active.isCommitting)
    }
    if !isCommitting { task?.cancel() }
    await task?.value
    if hasDownloaded(trackID) { throw .alreadyDownloaded(trackID) }
  }

  /// Forgets a downloaded or failed track and deletes its file.
  public func removeDownload(of trackID: Track.ID) async throws(DownloadError) {
    let (previous, fileName) = try state.withLock { state throws(DownloadError) in
      let previous = state.states[trackID] ?? .notDownloaded
      switch previous {
      case .downloaded, .failed: break
      case .notDownloaded, .downloading: throw .notDownloaded(trackID)
      }
      let fileName = state.files.removeValue(forKey: trackID)
      set(.notDownloaded, for: trackID, in: &state)
      return (previous, fileName)
    }
    do {
      try await persist { db in
        try db.execute(
          sql: "DELETE FROM download WHERE trackID = ? AND fileName IS ?", arguments: [trackID.rawValue, fileName])
      }
    } catch {
      state.withLock { state in
        if state.states[trackID] == nil, state.active[trackID] == nil {
          state.files[trackID] = fileName
          set(previous, for: trackID, in: &state)
        }
      }
      throw .storage(reason: error.description)
    }
    if let fileName {
      try? FileManager.default.removeItem(at: location.downloadsDirectory.appendingPathComponent(fileName))
    }
  }

  /// Every change made after this call, buffered.
  public func changes() -> AsyncStream<DownloadChange> {
    broadcaster.stream()
  }

  /// Waits until every running transfer has finished (completed, failed or been cancelled).
  public func waitUntilIdle() async {
    while true {
      let tasks = state.withLock { $0.active.values.compactMap(\.task) }
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }

  /// Cancels every running transfer and waits for them to clean up.
  public func cancelAll() async {
    let tasks = state.withLock { state in
      for trackID in state.active.keys { state.active[trackID]?.isCancelled = true }
      return state.active.values.compactMap(\.task)
    }
    for task in tasks {
      task.cancel()
      await task.value
    }
  }

  // MARK: The transfer

  private func run(_ track: Track, token: UUID) async {
    let partial = location.partialDownloadsDirectory.appendingPathComponent("\(token.uuidString).part")
    let willWaitToResume = self.willWaitToResume
    let transfer = StreamTransfer(
      chunkSize: configuration.chunkSize, maximumBytesPerSecond: configuration.maximumBytesPerSecond,
      stallTimeout: configuration.stallTimeout, resumeAttempts: max(0, configuration.resumeAttempts),
      resumeBackoff: max(.zero, configuration.resumeBackoff),
      willWaitToResume: willWaitToResume.map { hook in { @Sendable bytes in hook(track.id, bytes) } })
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

  private func commit(_ partial: URL, byteCount: Int, of track: Track, token: UUID) async {
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
        try db.execute(
          sql: """
            INSERT OR REPLACE INTO download (trackID, state, fileName, byteCount, failureReason, updatedAt)
            VALUES (?, 'downloaded', ?, ?, NULL, ?)
            """,
          arguments: [track.id.rawValue, fileName, byteCount, Date().timeIntervalSince1970])
      }
    } catch {
      discard(destination)
      finish(track.id, token: token, with: .failed(reason: "cannot record the download: \(error.description)"))
      return
    }
    finish(track.id, token: token, with: .downloaded, fileName: fileName)
  }

  private func recordFailure(_ reason: String, for trackID: Track.ID, token: UUID) async {
    try? await persist { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO download (trackID, state, fileName, byteCount, failureReason, updatedAt)
          VALUES (?, 'failed', NULL, NULL, ?, ?)
          """,
        arguments: [trackID.rawValue, reason, Date().timeIntervalSince1970])
    }
    finish(trackID, token: token, with: .failed(reason: reason))
  }

  private func report(_ progress: Double, for trackID: Track.ID, token: UUID) {
    state.withLock { state in
      guard var active = state.active[trackID], active.token == token, !active.isCancelled else { return }
      guard progress - active.announcedProgress >= configuration.progressGranularity, progress < 1 else { return }
      active.announcedProgress = progress
      state.active[trackID] = active
      set(.downloading(progress: progress), for: trackID, in: &state)
    }
  }

  private func finish(_ trackID: Track.ID, token: UUID, with newState: DownloadState, fileName: String? = nil) {
    state.withLock { state in
      guard state.active[trackID]?.token == token else { return }
      state.active[trackID] = nil
      state.files[trackID] = fileName
      set(newState, for: trackID, in: &state)
    }
  }

  /// Ends a cancelled transfer: deletes its partial file and any failure recorded by an earlier attempt.
  private func abandon(_ partial: URL, of trackID: Track.ID, token: UUID) async {
    discard(partial)
    try? await persist { db in
      try db.execute(sql: "DELETE FROM download WHERE trackID = ? AND state = 'failed'", arguments: [trackID.rawValue])
    }
    finish(trackID, token: token, with: .notDownloaded)
  }

  /// Writes to the database even from a cancelled transfer: a write that reflects a state change must land
  /// (an unstructured task does not inherit the caller's cancellation).
  private func persist(_ body: @escaping @Sendable (Database) throws -> Void) async throws(CatalogDatabaseError) {
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

  private func set(_ newState: DownloadState, for trackID: Track.ID, in state: inout State) {
    guard (state.states[trackID] ?? .notDownloaded) != newState else { return }
    state.states[trackID] = newState == .notDownloaded ? nil : newState
    broadcaster.send(DownloadChange(trackID: trackID, state: newState))
  }

  private func discard(_ file: URL) {
    try? FileManager.default.removeItem(at: file)
  }

  /// A file name unique to one transfer, readable, and safe on any file system.
  ///
  /// Neither the track's ID nor its stream URL choose where the file goes: the stem keeps letters, digits,
  /// `-` and `_` of the ID (others become `_`), and an extension that is not 1 to 10 letters and digits
  /// becomes `audio`, so the name never holds a `/`, a NUL, a control character or more than 100 bytes.
  private static func fileName(for track: Track, token: UUID) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let stem = String(track.id.rawValue.map { allowed.contains($0) ? $0 : "_" }.prefix(80))
    let streamExtension = track.streamURL.pathExtension
    let isPlain =
      (1...10).contains(streamExtension.count)
      && streamExtension.allSatisfy { allowed.contains($0) && $0 != "-" && $0 != "_" }
    return "\(stem)-\(token.uuidString.prefix(8)).\(isPlain ? streamExtension : "audio")"
  }
}
