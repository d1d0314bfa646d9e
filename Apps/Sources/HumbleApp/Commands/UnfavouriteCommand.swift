extension CommandDeclaration {
  /// `unfavourite <row>`: perform the row's Unfavourite action.
  static let unfavourite = CommandDeclaration.row(
    "unfavourite", "remove the row's track from the favourites", example: "unfavourite 1"
  ) { .unfavourite($0) }
}
