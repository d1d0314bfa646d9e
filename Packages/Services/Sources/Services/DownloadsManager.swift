import Domain

/// Keeps copies of tracks on the device.
///
/// State queries are synchronous and cheap, so a data source can ask about every track of a large page;
/// transfers happen in the background and report through ``changes()``.
public protocol DownloadsManager: Sendable {
  /// Whether a complete copy of the track is on the device.
  func hasDownloaded(_ trackID: Track.ID) -> Bool

  /// The track's current download state.
  func downloadState(of trackID: Track.ID) -> DownloadState

  /// The states of many tracks at once, in the order asked (a default asks one by one).
  func downloadStates(of trackIDs: [Track.ID]) -> [DownloadState]

  /// Every track whose state is not ``DownloadState/notDownloaded``, with its state: the downloads in progress,
  /// the finished ones and the failures.
  var knownDownloadStates: [Track.ID: DownloadState] { get }

  /// Starts copying a track from its stream URL, in the background.
  ///
  /// Returns once the download has started; progress, completion and failure arrive through ``changes()``.
  /// Fails with ``DownloadError/alreadyDownloaded(_:)`` or ``DownloadError/alreadyDownloading(_:)``
  /// instead of starting a second copy.
  func startDownload(of track: Track) async throws(DownloadError)

  /// Stops a running download and discards what it had fetched; the track becomes not downloaded.
  func cancelDownload(of trackID: Track.ID) async throws(DownloadError)

  /// Deletes the copy of a downloaded (or failed) track; the track becomes not downloaded.
  func removeDownload(of trackID: Track.ID) async throws(DownloadError)

  /// A stream of every state change made after this call returns, in order.
  ///
  /// Changes are buffered, so none is lost to a subscriber that starts iterating later.
  func changes() -> AsyncStream<DownloadChange>
}

extension DownloadsManager {
  /// The states of many tracks at once, in the order asked.
  ///
  /// The default asks ``downloadState(of:)`` for each; implementations that lock override it to lock once.
  public func downloadStates(of trackIDs: [Track.ID]) -> [DownloadState] {
    trackIDs.map { downloadState(of: $0) }
  }
}

/// Why a ``DownloadsManager`` request was refused or failed.
public enum DownloadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The track is already on the device.
  case alreadyDownloaded(Track.ID)
  /// The track is being downloaded already.
  case alreadyDownloading(Track.ID)
  /// The request needs a running download and the track has none.
  case notDownloading(Track.ID)
  /// The request needs a downloaded copy and the track has none.
  case notDownloaded(Track.ID)
  /// The track's stream URL uses a scheme that cannot be downloaded.
  case unsupportedURL(String)
  /// The track identifier cannot be recorded (it holds a NUL character); nothing was started.
  case invalidTrackID(Track.ID)
  /// The track's stream URL is a `file:` URL and its catalog is a server's: a remote catalog may not have a
  /// local file copied into the downloads; nothing was started.
  case fileURLFromServer(String)
  /// Downloads could not be recorded or stored; `reason` says why.
  case storage(reason: String)

  /// A one-line explanation for people.
  public var description: String {
    switch self {
    case .alreadyDownloaded(let id): "Track '\(id)' is already downloaded."
    case .alreadyDownloading(let id): "Track '\(id)' is already downloading."
    case .notDownloading(let id): "Track '\(id)' is not downloading."
    case .notDownloaded(let id): "Track '\(id)' is not downloaded."
    case .unsupportedURL(let url): "Cannot download '\(url)': only file, http and https URLs are supported."
    case .invalidTrackID(let id):
      "Downloads storage failed: the track ID \(id.rawValue.debugDescription) holds a NUL character"
    case .storage(let reason): "Downloads storage failed: \(reason)"
    case .fileURLFromServer(let url):
      "Cannot download '\(url)': a server's catalog may not name a local file; its streams are http or https."
    }
  }
}
