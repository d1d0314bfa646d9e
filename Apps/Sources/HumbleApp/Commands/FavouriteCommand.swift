import Presentation

extension CommandDeclaration {
  /// `favourite <row>`: perform the row's Favourite action.
  static let favourite = CommandDeclaration.row(
    "favourite", "mark the row's track as a favourite", example: "favourite 5"
  ) { .favourite($0) }
}

extension Session {
  /// Performs the row's Favourite action.
  func favourite(_ address: RowAddress, on screen: ArtistScreenController) async -> CommandOutput {
    await perform([.favourite], named: TrackAction.favourite.title, at: address, on: screen)
  }
}
