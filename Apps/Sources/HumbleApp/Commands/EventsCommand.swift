extension CommandDeclaration {
  /// `events on|off`: print delegate calls, notifications and batch updates as they happen.
  static let events = CommandDeclaration.onOff(
    "events", "print delegate calls, notifications and batch updates as they happen"
  ) { .events($0) }
}

extension Session {
  /// Whether each command's output ends with the events it caused.
  func showEvents(_ on: Bool) -> CommandOutput {
    printsEvents = on
    return .lines(["events \(on ? "on" : "off")"])
  }
}
