import Domain
import Services
import Testing

@Suite struct ErrorDescriptionTests {
  @Test(arguments: [
    (MusicAPIError.artistNotFound("nobody"), "No artist with ID 'nobody' in the catalog."),
    (MusicAPIError.unavailable(reason: "offline"), "The music catalog is unavailable: offline"),
    (
      MusicAPIError.unreachable(reason: "server at http://h refused the connection"),
      "The music catalog is unavailable: server at http://h refused the connection"
    ),
    (MusicAPIError.cancelled, "The music catalog request was cancelled."),
  ])
  func musicAPIErrorsExplainThemselvesInOneLine(error: MusicAPIError, message: String) {
    #expect(error.description == message)
  }

  @Test(arguments: [
    (DownloadError.alreadyDownloaded("t"), "Track 't' is already downloaded."),
    (DownloadError.alreadyDownloading("t"), "Track 't' is already downloading."),
    (DownloadError.notDownloading("t"), "Track 't' is not downloading."),
    (DownloadError.notDownloaded("t"), "Track 't' is not downloaded."),
    (
      DownloadError.unsupportedURL("ftp://x/y"),
      "Cannot download 'ftp://x/y': only file, http and https URLs are supported."
    ),
    (DownloadError.invalidTrackID("a\0b"), #"Downloads storage failed: the track ID "a\0b" holds a NUL character"#),
    (DownloadError.storage(reason: "disk full"), "Downloads storage failed: disk full"),
  ])
  func downloadErrorsExplainThemselvesInOneLine(error: DownloadError, message: String) {
    #expect(error.description == message)
  }

  @Test(arguments: [
    (PlaylistAPIError.playlistNotFound("p"), "No playlist with ID 'p' in the catalog."),
    (PlaylistAPIError.unavailable(reason: "offline"), "Playlists are unavailable: offline"),
    (PlaylistAPIError.unreachable(reason: "no network"), "Playlists are unavailable: no network"),
    (PlaylistAPIError.cancelled, "The playlists request was cancelled."),
  ])
  func playlistErrorsExplainThemselvesInOneLine(error: PlaylistAPIError, message: String) {
    #expect(error.description == message)
  }

  @Test(arguments: [
    (FavouritesError.signedOut, "Favourites belong to a signed-in user, and no one is signed in."),
    (
      FavouritesError.rejected(status: 401, reason: "the server answered 401: no valid bearer token"),
      "Favourites storage failed: the server answered 401: no valid bearer token"
    ),
    (
      FavouritesError.unreachable(reason: "server at http://h refused the connection"),
      "Favourites storage failed: server at http://h refused the connection"
    ),
    (
      FavouritesError.invalidAnswer(reason: "the server sent text/html, expected application/json"),
      "Favourites storage failed: the server sent text/html, expected application/json"
    ),
    (FavouritesError.invalidTrackID("a\0b"), #"Favourites storage failed: the track ID "a\0b" holds a NUL character"#),
    (FavouritesError.storage(reason: "read-only"), "Favourites storage failed: read-only"),
    (FavouritesError.cancelled, "The favourites request was cancelled."),
  ])
  func favouritesErrorsExplainThemselvesInOneLine(error: FavouritesError, message: String) {
    #expect(error.description == message)
  }

  @Test func downloadStatesKnowWhetherTheyAreDownloadedOrDownloading() {
    #expect(DownloadState.downloaded.isDownloaded)
    #expect(!DownloadState.downloading(progress: 0.5).isDownloaded)
    #expect(DownloadState.downloading(progress: 0.5).isDownloading)
    #expect(!DownloadState.failed(reason: "x").isDownloading)
  }
}
