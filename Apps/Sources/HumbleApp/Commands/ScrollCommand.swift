extension CommandDeclaration {
  /// `scroll down|up|top|bottom` or `scroll to <row>`.
  static let scroll = CommandDeclaration(
    name: "scroll", usage: "scroll down|up|top|bottom | scroll to <row>",
    summary: "move the viewport (on a grid, by lines of posters)",
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

extension Session {
  /// Moves the grid's viewport by a screenful of lines of posters, to an end, or to bring a poster's line to the
  /// top; the viewport always starts at a line and shows the last line when it can.
  func scroll(_ grid: PosterGridController, to target: ScrollTarget) -> CommandOutput {
    fit(grid)
    switch target {
    case .down: grid.scroll(toLine: grid.topLine + grid.linesPerScreen)
    case .up: grid.scroll(toLine: grid.topLine - grid.linesPerScreen)
    case .top: grid.scroll(toLine: 0)
    case .bottom: grid.scroll(toLine: grid.lastTopLine)
    case .row(let address):
      guard let index = posterIndex(address, in: grid) else { return .failure(noPoster(address, in: grid)) }
      grid.scroll(toLine: grid.line(ofPosterAt: index))
    }
    return pageOutput()
  }
}
