extension CommandDeclaration {
  /// `back`: return to the previous page.
  static let back = CommandDeclaration(name: "back", summary: "return to the previous page", needsPage: false) { _ in
    .back
  }
}

extension Session {
  /// Returns to the page that was open before this one (a table with no row selected, or a grid as it was left).
  func goBack() -> CommandOutput {
    guard let previous = previousPages.popLast() else { return .failure("There is no previous page.") }
    page = previous
    // As a table view controller does when it reappears (clearsSelectionOnViewWillAppear): no delegate calls.
    for indexPath in previous.screen?.table.indexPathsForSelectedRows ?? [] {
      previous.screen?.table.deselectRow(at: indexPath, animated: false)
    }
    return pageOutput(heading: previous.title)
  }
}
