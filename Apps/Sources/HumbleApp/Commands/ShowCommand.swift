extension CommandDeclaration {
  /// `show`: print the visible part of the page: the table's rows, or the grid's posters.
  static let show = CommandDeclaration(
    name: "show", summary: "print the visible part of the table (or of the grid)", needsPage: true
  ) { _ in .show }
}
