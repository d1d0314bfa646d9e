import Domain
import Foundation
import GRDB
import HumbleSupport
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
  struct ActiveDownload {
    let token: UUID
    var task: Task<Void, Never>?
    var isCancelled = false
    var isCommitting = false
    var announcedProgress = 0.0
  }

  struct State {
    var states: [Track.ID: DownloadState] = [:]
    var files: [Track.ID: String] = [:]
    var active: [Track.ID: ActiveDownload] = [:]
    /// Every transfer task that has not returned yet, by token: a task leaves `active` when its track's state
    /// changes, a moment before it returns and lets go of the manager (and its hold on the directory).
    var running: [UUID: Task<Void, Never>] = [:]
  }

  let database: CatalogDatabase
  let location: StorageLocation
  let configuration: Configuration
  let state: Locked<State>
  private let broadcaster = ChangeBroadcaster<DownloadChange>()
  private let lock: DirectoryLock
  private let directoryRemoval: DirectoryRemoval?
  /// Told when a cut transfer starts waiting to resume, with the bytes it keeps (a test's signal).
  let willWaitToResume: (@Sendable (Track.ID, Int) -> Void)?
  /// Holds transfers mid-way until a test releases them.
  let gate: TransferGate?

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
    willWaitToResume: (@Sendable (Track.ID, Int) -> Void)? = nil,
    gate: TransferGate? = nil
  ) throws(CatalogDatabaseError) {
    self.willWaitToResume = willWaitToResume
    self.gate = gate
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
    let recovered = try DownloadRecovery(database: database, location: location, lock: lock)
    state = Locked(State(states: recovered.states, files: recovered.files))
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

  /// Every track whose state is not `notDownloaded`, with its state.
  public var knownDownloadStates: [Track.ID: DownloadState] {
    state.withLock { $0.states }
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
    guard scheme != "file" || configuration.acceptsFileURLs else {
      throw .fileURLFromServer(track.streamURL.absoluteString)
    }
    guard !track.id.rawValue.containsNUL else { throw .invalidTrackID(track.id) }
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
      state.running[token] = task
      // The watcher holds the state, not the manager, so it never keeps the manager alive.
      let watched = self.state
      Task {
        await task.value
        watched.withLock { _ = $0.running.removeValue(forKey: token) }
      }
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
        _ = try DownloadRecord.filter(key: trackID.rawValue)
          .filter(DownloadRecord.Columns.fileName == fileName)
          .deleteAll(db)
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

  /// Waits until every running transfer has finished (completed, failed or been cancelled) and returned.
  ///
  /// Once it returns, no transfer holds the manager: a manager let go of afterwards releases its directory
  /// at once, so another manager opened on the directory cleans up as the only one.
  public func waitUntilIdle() async {
    var awaited: Set<UUID> = []
    while true {
      let pending = state.withLock { $0.running.filter { !awaited.contains($0.key) } }
      if pending.isEmpty { return }
      for (token, task) in pending {
        await task.value
        awaited.insert(token)
      }
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

  func set(_ newState: DownloadState, for trackID: Track.ID, in state: inout State) {
    guard (state.states[trackID] ?? .notDownloaded) != newState else { return }
    state.states[trackID] = newState == .notDownloaded ? nil : newState
    broadcaster.send(DownloadChange(trackID: trackID, state: newState))
  }

  func discard(_ file: URL) {
    try? FileManager.default.removeItem(at: file)
  }

  /// A file name unique to one transfer, readable, and safe on any file system.
  ///
  /// Neither the track's ID nor its stream URL choose where the file goes: the stem keeps letters, digits,
  /// `-` and `_` of the ID (others become `_`), and an extension that is not 1 to 10 letters and digits
  /// becomes `audio`, so the name never holds a `/`, a NUL, a control character or more than 100 bytes.
  static func fileName(for track: Track, token: UUID) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let stem = String(track.id.rawValue.map { allowed.contains($0) ? $0 : "_" }.prefix(80))
    let streamExtension = track.streamURL.pathExtension
    let isPlain =
      (1...10).contains(streamExtension.count)
      && streamExtension.allSatisfy { allowed.contains($0) && $0 != "-" && $0 != "_" }
    return "\(stem)-\(token.uuidString.prefix(8)).\(isPlain ? streamExtension : "audio")"
  }
}
