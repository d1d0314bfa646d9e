import Presentation
import Services

// The stable codes `--json` gives a failed command's `error`, one per case of the errors it reports, and the
// one line the REPL prints for each. Apps/README.md lists the codes; a code, once published, never changes.

extension FavouritesError {
  /// The stable code `--json` gives this case: `favourites.signedOut`, `favourites.rejected`….
  public var code: String {
    switch self {
    case .signedOut: "favourites.signedOut"
    case .rejected: "favourites.rejected"
    case .unreachable: "favourites.unreachable"
    case .invalidAnswer: "favourites.invalidAnswer"
    case .invalidTrackID: "favourites.invalidTrackID"
    case .storage: "favourites.storage"
    case .cancelled: "favourites.cancelled"
    }
  }
}

extension DownloadError {
  /// The stable code `--json` gives this case: `downloads.alreadyDownloaded`, `downloads.storage`….
  public var code: String {
    switch self {
    case .alreadyDownloaded: "downloads.alreadyDownloaded"
    case .alreadyDownloading: "downloads.alreadyDownloading"
    case .notDownloading: "downloads.notDownloading"
    case .notDownloaded: "downloads.notDownloaded"
    case .unsupportedURL: "downloads.unsupportedURL"
    case .invalidTrackID: "downloads.invalidTrackID"
    case .storage: "downloads.storage"
    case .fileURLFromServer: "downloads.fileURLFromServer"
    }
  }
}

extension MusicAPIError {
  /// The stable code `--json` gives this case: `music.artistNotFound`, `music.unavailable`….
  public var code: String {
    switch self {
    case .artistNotFound: "music.artistNotFound"
    case .unavailable: "music.unavailable"
    case .unreachable: "music.unreachable"
    case .cancelled: "music.cancelled"
    }
  }
}

extension PlaylistAPIError {
  /// The stable code `--json` gives this case: `playlists.playlistNotFound`, `playlists.unavailable`….
  public var code: String {
    switch self {
    case .playlistNotFound: "playlists.playlistNotFound"
    case .unavailable: "playlists.unavailable"
    case .unreachable: "playlists.unreachable"
    case .cancelled: "playlists.cancelled"
    }
  }
}

extension PageLoadError {
  /// The stable code `--json` gives this case: the failing API's own code, `page.timedOut` or `page.sourceFailed`.
  public var code: String {
    switch self {
    case .music(let error): error.code
    case .playlists(let error): error.code
    case .timedOut: "page.timedOut"
    case .source: "page.sourceFailed"
    }
  }
}

extension TrackActionError {
  /// The stable code `--json` gives this case: the manager's own code, `action.trackNotOnPage` or
  /// `action.noFavourites`.
  public var code: String {
    switch self {
    case .download(let error): error.code
    case .favourites(let error): error.code
    case .trackNotOnPage: "action.trackNotOnPage"
    case .noFavourites: "action.noFavourites"
    }
  }

  /// The one line the REPL prints: the error's own words, except that a signed-out favourite says how to
  /// start `humble` signed in.
  var line: String {
    guard case .favourites(.signedOut) = self else { return description }
    return "Favourites storage failed: favourites belong to a user: start humble with --token or HUMBLE_TOKEN "
      + "(humble-server user add NAME prints one)"
  }
}
