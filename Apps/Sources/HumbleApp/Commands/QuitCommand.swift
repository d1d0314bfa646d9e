extension CommandDeclaration {
  /// `quit` or `exit`.
  static let quit = CommandDeclaration(
    name: "quit", aliases: ["exit"], usage: "quit | exit", summary: "leave", needsPage: false
  ) { _ in .quit }
}

extension Session {
  /// Ends the session.
  func quit() -> CommandOutput {
    var output = CommandOutput.lines([])
    output.quits = true
    return output
  }
}
