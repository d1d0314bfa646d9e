import Domain

/// Where a track stands with respect to being stored on this device.
public enum DownloadState: Hashable, Sendable, Codable {
  /// No copy is on the device and none is being made.
  case notDownloaded
  /// A copy is being made; `progress` runs from 0 to 1.
  case downloading(progress: Double)
  /// A complete copy is on the device.
  case downloaded
  /// The last attempt failed; `reason` says why, and nothing of it was kept.
  case failed(reason: String)

  /// Whether a complete copy is on the device.
  public var isDownloaded: Bool { self == .downloaded }

  /// Whether a copy is being made right now.
  public var isDownloading: Bool {
    if case .downloading = self { return true }
    return false
  }
}

/// A change of one track's ``DownloadState``, as a ``DownloadsManager`` announces it.
public struct DownloadChange: Hashable, Sendable {
  /// The track whose state changed.
  public var trackID: Track.ID
  /// The track's new state.
  public var state: DownloadState

  /// Creates a change.
  public init(trackID: Track.ID, state: DownloadState) {
    self.trackID = trackID
    self.state = state
  }
}
