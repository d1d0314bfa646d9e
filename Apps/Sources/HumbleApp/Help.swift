/// The help text of every command, from their declarations.
enum Help {
  /// The list of commands, or how to type one (`topic` may be any of its names) and what it does.
  static func lines(for topic: String?) -> [String] {
    guard let topic else { return CommandDeclaration.all.map { "\($0.usage)  —  \($0.summary)" } }
    guard let entry = CommandDeclaration.named(topic) else {
      let names = CommandDeclaration.all.map(\.name).joined(separator: ", ")
      return ["No command \(TerminalText.quoted(topic)). Commands: \(names)."]
    }
    return ["usage: \(entry.usage)", entry.summary]
  }
}
