import Domain
import HumbleSupport
import Services

/// A ``DownloadsManager`` whose states a test sets directly, announcing each change as the live one would.
///
/// Requests are recorded and change state the way the live manager's do, but no bytes move: a started
/// download stays at progress 0 until the test calls ``reportProgress(_:for:)``, ``completeDownload(of:)``
/// or ``failDownload(of:reason:)`` (or sets ``completesDownloadsImmediately``).
public final class MockDownloadsManager: DownloadsManager, Sendable {
  /// A request the mock received.
  public enum Request: Hashable, Sendable {
    /// ``DownloadsManager/startDownload(of:)``.
    case start(Track.ID)
    /// ``DownloadsManager/cancelDownload(of:)``.
    case cancel(Track.ID)
    /// ``DownloadsManager/removeDownload(of:)``.
    case remove(Track.ID)
  }

  private struct State {
    var states: [Track.ID: DownloadState] = [:]
    var completesImmediately = false
    var failure: DownloadError?
    var requests: [Request] = []
  }

  private let state = Locked(State())
  private let broadcaster = ChangeBroadcaster<DownloadChange>()

  /// Creates a mock where the given tracks are downloaded and no other track is.
  public init(downloadedTrackIds: Set<Track.ID> = []) {
    state.withLock { state in
      for id in downloadedTrackIds { state.states[id] = .downloaded }
    }
  }

  /// The downloaded tracks.
  ///
  /// Setting it marks these tracks downloaded and every other downloaded track not
  /// downloaded, announcing one change per track whose state changed, in order of track ID.
  public var downloadedTrackIds: Set<Track.ID> {
    get { state.withLock { Set($0.states.filter { $0.value == .downloaded }.keys) } }
    set {
      state.withLock { state in
        var changes: [DownloadChange] = []
        for (id, current) in state.states where current == .downloaded && !newValue.contains(id) {
          changes.append(DownloadChange(trackID: id, state: .notDownloaded))
        }
        for id in newValue where state.states[id] != .downloaded {
          changes.append(DownloadChange(trackID: id, state: .downloaded))
        }
        for change in changes.sorted(by: { $0.trackID < $1.trackID }) {
          apply(change, to: &state)
        }
      }
    }
  }

  /// Every track's state other than not downloaded.
  public var states: [Track.ID: DownloadState] {
    state.withLock { $0.states }
  }

  /// Every track's state other than not downloaded (``states``, as ``DownloadsManager`` spells it).
  public var knownDownloadStates: [Track.ID: DownloadState] { states }

  /// Whether a started download goes straight to downloaded (announcing progress 0, then downloaded).
  public var completesDownloadsImmediately: Bool {
    get { state.withLock { $0.completesImmediately } }
    set { state.withLock { $0.completesImmediately = newValue } }
  }

  /// Every request received, in order, including refused ones.
  public var requests: [Request] {
    state.withLock { $0.requests }
  }

  /// The tracks whose downloads were requested, in order.
  public var startedDownloads: [Track.ID] {
    requests.compactMap { request in
      if case .start(let id) = request { return id }
      return nil
    }
  }

  /// Sets one track's state, announcing the change if it is one.
  public func setState(_ newState: DownloadState, for trackID: Track.ID) {
    state.withLock { apply(DownloadChange(trackID: trackID, state: newState), to: &$0) }
  }

  /// Moves a track's download to `progress` (0…1).
  public func reportProgress(_ progress: Double, for trackID: Track.ID) {
    setState(.downloading(progress: progress), for: trackID)
  }

  /// Finishes a track's download.
  public func completeDownload(of trackID: Track.ID) {
    setState(.downloaded, for: trackID)
  }

  /// Fails a track's download with a reason.
  public func failDownload(of trackID: Track.ID, reason: String) {
    setState(.failed(reason: reason), for: trackID)
  }

  /// Makes every request throw `error`, changing nothing, until ``stopFailingCalls()``.
  public func failCalls(with error: DownloadError) {
    state.withLock { $0.failure = error }
  }

  /// Makes requests behave normally again.
  public func stopFailingCalls() {
    state.withLock { $0.failure = nil }
  }

  // MARK: DownloadsManager

  /// Whether the track's state is downloaded.
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

  /// The track's state; not downloaded unless set.
  public func downloadState(of trackID: Track.ID) -> DownloadState {
    state.withLock { $0.states[trackID] ?? .notDownloaded }
  }

  /// Records the request; refuses a downloaded or downloading track or a stream URL that is not `file`,
  /// `http` or `https` (as the live manager does), else starts at progress 0.
  public func startDownload(of track: Track) async throws(DownloadError) {
    try perform(.start(track.id)) { (state: inout State) throws(DownloadError) in
      guard let scheme = track.streamURL.scheme?.lowercased(), ["file", "http", "https"].contains(scheme) else {
        throw .unsupportedURL(track.streamURL.absoluteString)
      }
      switch state.states[track.id] ?? .notDownloaded {
      case .downloaded: throw .alreadyDownloaded(track.id)
      case .downloading: throw .alreadyDownloading(track.id)
      case .notDownloaded, .failed: break
      }
      apply(DownloadChange(trackID: track.id, state: .downloading(progress: 0)), to: &state)
      if state.completesImmediately {
        apply(DownloadChange(trackID: track.id, state: .downloaded), to: &state)
      }
    }
  }

  /// Records the request; refuses a track that is not downloading, else makes it not downloaded.
  public func cancelDownload(of trackID: Track.ID) async throws(DownloadError) {
    try perform(.cancel(trackID)) { (state: inout State) throws(DownloadError) in
      guard state.states[trackID]?.isDownloading == true else { throw .notDownloading(trackID) }
      apply(DownloadChange(trackID: trackID, state: .notDownloaded), to: &state)
    }
  }

  /// Records the request; refuses a track with no copy or failure to remove, else makes it not downloaded.
  public func removeDownload(of trackID: Track.ID) async throws(DownloadError) {
    try perform(.remove(trackID)) { (state: inout State) throws(DownloadError) in
      switch state.states[trackID] ?? .notDownloaded {
      case .downloaded, .failed: break
      case .notDownloaded, .downloading: throw .notDownloaded(trackID)
      }
      apply(DownloadChange(trackID: trackID, state: .notDownloaded), to: &state)
    }
  }

  /// Every change made after this call, buffered.
  public func changes() -> AsyncStream<DownloadChange> {
    broadcaster.stream()
  }

  private func perform(
    _ request: Request,
    _ body: (inout State) throws(DownloadError) -> Void
  ) throws(DownloadError) {
    try state.withLock { state throws(DownloadError) in
      state.requests.append(request)
      if let failure = state.failure { throw failure }
      try body(&state)
    }
  }

  private func apply(_ change: DownloadChange, to state: inout State) {
    let previous = state.states[change.trackID] ?? .notDownloaded
    guard previous != change.state else { return }
    state.states[change.trackID] = change.state == .notDownloaded ? nil : change.state
    broadcaster.send(change)
  }
}
