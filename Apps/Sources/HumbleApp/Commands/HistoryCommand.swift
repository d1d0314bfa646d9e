import HumbleSupport

extension CommandDeclaration {
  /// `history`: the commands run so far.
  static let history = CommandDeclaration(
    name: "history", summary: "the last \(Session.historyLimit) commands run", needsPage: false
  ) { _ in .history }
}

extension Session {
  /// The commands run so far, numbered, the oldest first.
  func listHistory() -> CommandOutput {
    var output = CommandOutput.lines(history.numberedLines)
    output.document["history"] = .array(history.lines.map(JSONValue.string))
    return output
  }
}
