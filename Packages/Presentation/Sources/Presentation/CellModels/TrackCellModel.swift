import Domain
import Foundation
import Services

/// Everything a track row shows, already formatted: a cell binds it and computes nothing.
public struct TrackCellModel: Identifiable, Hashable, Sendable {
  /// What the row shows about the track's copy on this device.
  public enum DownloadStatus: Hashable, Sendable {
    /// No copy, none being made.
    case notDownloaded
    /// A copy is being made; `percent` runs from 0 to 100.
    case downloading(percent: Int)
    /// A complete copy is on the device.
    case downloaded
    /// The last attempt failed; `message` is the line the row shows.
    case failed(message: String)
  }

  /// The track's identifier.
  public var id: Track.ID {
    didSet { idHash = id.rawValue.hashValue }
  }
  /// The title.
  public var title: String
  /// The length as "3:45" or "1:02:03".
  public var duration: String
  /// The release date as "12 Mar 2019".
  public var releaseDate: String
  /// Whether the row marks the track as explicit.
  public var isExplicit: Bool
  /// Whether the track is one of the user's favourites.
  public var isFavourited: Bool
  /// The state of the track's copy on the device.
  public var downloadStatus: DownloadStatus
  /// Whether the track is the one playing (the last track row selected on the page).
  public var isPlaying: Bool
  /// The hash of `id`'s text, worked out once: a diff of a large page hashes every row's identifier, and
  /// reading 100,000 identifiers scattered in memory costs more than the rest of the diff.
  @usableFromInline var idHash: Int

  /// Creates a cell model from its parts.
  public init(
    id: Track.ID,
    title: String,
    duration: String,
    releaseDate: String,
    isExplicit: Bool,
    isFavourited: Bool,
    downloadStatus: DownloadStatus,
    isPlaying: Bool = false
  ) {
    self.id = id
    idHash = id.rawValue.hashValue
    self.title = title
    self.duration = duration
    self.releaseDate = releaseDate
    self.isExplicit = isExplicit
    self.isFavourited = isFavourited
    self.downloadStatus = downloadStatus
    self.isPlaying = isPlaying
  }

  /// Whether a complete copy is on the device.
  public var isDownloaded: Bool { downloadStatus == .downloaded }

  /// The progress the row shows while downloading ("42%"), else nil.
  public var downloadProgressText: String? {
    if case .downloading(let percent) = downloadStatus { return "\(percent)%" }
    return nil
  }

  /// The line the row shows after a failed download, else nil.
  public var failureText: String? {
    if case .failed(let message) = downloadStatus { return message }
    return nil
  }
}

extension TrackCellModel.DownloadStatus {
  /// How a service's download state is shown: progress as a whole percentage, failures with their reason.
  public init(_ state: DownloadState) {
    switch state {
    case .notDownloaded: self = .notDownloaded
    case .downloading(let progress): self = .downloading(percent: Int((min(max(progress, 0), 1) * 100).rounded(.down)))
    case .downloaded: self = .downloaded
    case .failed(let reason): self = .failed(message: "Download failed: \(reason)")
    }
  }
}
