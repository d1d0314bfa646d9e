extension CommandDeclaration {
  /// `favourite <row>`: perform the row's Favourite action.
  static let favourite = CommandDeclaration.row(
    "favourite", "mark the row's track as a favourite", example: "favourite 5"
  ) { .favourite($0) }
}
