extension CommandDeclaration {
  /// `timing on|off`: print how long each command took.
  static let timing = CommandDeclaration.onOff("timing", "print how long each command took") { .timing($0) }
}

extension Session {
  /// Whether each command's output ends with how long it took.
  func showTiming(_ on: Bool) -> CommandOutput {
    printsTiming = on
    return .lines(["timing \(on ? "on" : "off")"])
  }
}
