extension CommandDeclaration {
  /// `scroll down|up|top|bottom` or `scroll to <row>`.
  static let scroll = CommandDeclaration(
    name: "scroll", usage: "scroll down|up|top|bottom | scroll to <row>", summary: "move the viewport",
    example: "scroll down", needsPage: true, completion: .words(["down", "up", "top", "bottom", "to"]),
    samples: ["down", "up", "top", "bottom", "to \(rowPlaceholder)", "sideways", "to"]
  ) { arguments throws(CommandError) in .scroll(try CommandParser.scrollTarget(arguments.text)) }
}

extension Session {
  /// Moves the viewport by a screenful, to an end, or to bring a row to the top.
  func scroll(_ screen: ArtistScreenController, to target: ScrollTarget) -> CommandOutput {
    let table = screen.table
    switch target {
    case .down: table.contentOffset.y += table.frame.height
    case .up: table.contentOffset.y -= table.frame.height
    case .top: table.contentOffset.y = 0
    case .bottom: table.contentOffset.y = table.contentSize.height
    case .row(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      table.scrollToRow(at: indexPath, at: .top)
    }
    return pageOutput()
  }
}
