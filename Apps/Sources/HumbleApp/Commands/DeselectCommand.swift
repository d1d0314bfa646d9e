extension CommandDeclaration {
  /// `deselect [row]`: deselect a row as a user would (the selected one when no row is given).
  static let deselect = CommandDeclaration(
    name: "deselect", usage: "deselect [row]", summary: "deselect a row as a user would (the selected one by default)",
    example: "deselect", needsPage: true, samples: ["", rowPlaceholder]
  ) { arguments throws(CommandError) in
    .deselect(arguments.text.isEmpty ? nil : try CommandParser.address(arguments.text, for: arguments.name))
  }
}

extension Session {
  /// Deselects a row with a tap on it, as a user would; the selected row when none is named.
  func deselect(_ address: RowAddress?, on screen: ArtistScreenController) -> CommandOutput {
    let target = address.flatMap { screen.indexPath(for: $0) } ?? screen.table.indexPathForSelectedRow
    guard let target else {
      return .failure(address.map { noRow($0) } ?? "No row is selected.")
    }
    guard screen.table.indexPathsForSelectedRows?.contains(target) == true else {
      return .failure("Row \(screen.number(of: target)) is not selected.")
    }
    screen.table.handleDeselectTap(at: target)
    return pageOutput()
  }
}
