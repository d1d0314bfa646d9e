extension CommandDeclaration {
  /// `show`: print the visible part of the table.
  static let show = CommandDeclaration(name: "show", summary: "print the visible part of the table", needsPage: true) {
    _ in .show
  }
}
