import Presentation

extension CommandDeclaration {
  /// `unfavourite <row>`: perform the row's Unfavourite action.
  static let unfavourite = CommandDeclaration.row(
    "unfavourite", "remove the row's track from the favourites", example: "unfavourite 1"
  ) { .unfavourite($0) }
}

extension Session {
  /// Performs the row's Unfavourite action.
  func unfavourite(_ address: RowAddress, on screen: ArtistScreenController) async -> CommandOutput {
    await perform([.unfavourite], named: TrackAction.unfavourite.title, at: address, on: screen)
  }
}
