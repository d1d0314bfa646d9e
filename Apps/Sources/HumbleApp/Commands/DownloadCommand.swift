import Presentation

extension CommandDeclaration {
  /// `download <row>`: perform the row's Download action (or cancel its running download).
  static let download = CommandDeclaration.row(
    "download", "download the row's track (or cancel its download)", example: "download 2"
  ) { .download($0) }
}

extension Session {
  /// Performs the row's Download action, or Cancel Download when one is running.
  func download(_ address: RowAddress, on screen: ArtistScreenController) async -> CommandOutput {
    await perform([.download, .cancelDownload], named: TrackAction.download.title, at: address, on: screen)
  }
}
