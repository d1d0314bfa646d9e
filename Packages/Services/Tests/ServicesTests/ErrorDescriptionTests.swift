import Domain
import Services
import Testing

@Suite struct ErrorDescriptionTests {
  @Test(arguments: [
    (MusicAPIError.artistNotFound("nobody"), "No artist with ID 'nobody' in the catalog."),
    (MusicAPIError.unavailable(reason: "offline"), "The music catalog is unavailable: offline"),
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
    (DownloadError.storage(reason: "disk full"), "Downloads storage failed: disk full"),
  ])
  func downloadErrorsExplainThemselvesInOneLine(error: DownloadError, message: String) {
    #expect(error.description == message)
  }

  @Test func playlistAndFavouritesErrorsExplainThemselvesInOneLine() {
    #expect(PlaylistAPIError.unavailable(reason: "offline").description == "Playlists are unavailable: offline")
    #expect(FavouritesError.storage(reason: "read-only").description == "Favourites storage failed: read-only")
  }

  @Test func downloadStatesKnowWhetherTheyAreDownloadedOrDownloading() {
    #expect(DownloadState.downloaded.isDownloaded)
    #expect(!DownloadState.downloading(progress: 0.5).isDownloaded)
    #expect(DownloadState.downloading(progress: 0.5).isDownloading)
    #expect(!DownloadState.failed(reason: "x").isDownloading)
  }
}
