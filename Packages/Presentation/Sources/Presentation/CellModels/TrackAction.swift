import Domain
import Services

/// An action a track row offers, as its cell model lists it: the table shows each as an edit action titled
/// ``title``, and ``ArtistTableDataSource/perform(_:onTrackWithID:)`` carries it out.
public enum TrackAction: CaseIterable, Hashable, Sendable {
  /// Start a copy on the device (offered when there is none, and after a failed one).
  case download
  /// Stop the copy being made.
  case cancelDownload
  /// Delete the copy on the device.
  case removeDownload
  /// Add the track to the user's favourites.
  case favourite
  /// Take the track out of the user's favourites.
  case unfavourite

  /// The title the row's edit action shows: "Download", "Cancel Download", "Remove Download", "Favourite" or
  /// "Unfavourite".
  public var title: String {
    switch self {
    case .download: "Download"
    case .cancelDownload: "Cancel Download"
    case .removeDownload: "Remove Download"
    case .favourite: "Favourite"
    case .unfavourite: "Unfavourite"
    }
  }

  /// The action with this title, ignoring case ("remove download"), or nil.
  public init?(title: String) {
    let wanted = title.lowercased()
    guard let action = Self.allCases.first(where: { $0.title.lowercased() == wanted }) else { return nil }
    self = action
  }
}

extension TrackCellModel {
  /// What the row offers, in the order its edit actions show: one for the download (Download, Cancel Download
  /// or Remove Download, by ``downloadStatus``), then Favourite or Unfavourite.
  public var actions: [TrackAction] {
    let download: TrackAction
    switch downloadStatus {
    case .notDownloaded, .failed: download = .download
    case .downloading: download = .cancelDownload
    case .downloaded: download = .removeDownload
    }
    return [download, isFavourited ? .unfavourite : .favourite]
  }
}

/// Why ``ArtistTableDataSource/perform(_:onTrackWithID:)`` could not carry out an action: each reads as the
/// one line a screen shows.
public enum TrackActionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The downloads manager refused or failed; its own error says why.
  case download(DownloadError)
  /// The favourites manager could not store the change; its own error says why.
  case favourites(FavouritesError)
  /// The page has no track with this identifier (it was reloaded away, say).
  case trackNotOnPage(Track.ID)
  /// The page was made without a favourites manager.
  case noFavourites

  /// The line a screen shows: a manager's error as the manager words it.
  public var description: String {
    switch self {
    case .download(let error): error.description
    case .favourites(let error): error.description
    case .trackNotOnPage(let id): "The track '\(id.rawValue)' is not on this page."
    case .noFavourites: "Favourites are not available on this page."
    }
  }
}
