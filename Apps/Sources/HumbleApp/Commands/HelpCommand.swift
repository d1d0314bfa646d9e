extension CommandDeclaration {
  /// `help [command]`.
  static let help = CommandDeclaration(
    name: "help", usage: "help [command]", summary: "list the commands, or explain one", example: "help sort",
    needsPage: false, completion: .commandNames, samples: ["", "select", "sort", "nothing"]
  ) { .help($0.text.isEmpty ? nil : $0.text) }
}

/// The help text of every command, from their declarations.
public enum Help {
  /// The list of commands, or how to type one (`topic` may be any of its names) and what it does.
  static func lines(for topic: String?) -> [String] {
    guard let topic else { return CommandDeclaration.all.map { "\($0.usage)  —  \($0.summary)" } }
    guard let entry = CommandDeclaration.named(topic) else {
      let names = CommandDeclaration.all.map(\.name).joined(separator: ", ")
      return ["No command \(TerminalText.quoted(topic)). Commands: \(names)."]
    }
    return ["usage: \(entry.usage)", entry.summary]
  }

  /// The README's table of commands (Apps/README.md), one row per command, from the same declarations as `help`.
  public static var markdownTable: String {
    var rows = ["| command | what it does | needs an open page | example |", "|---|---|---|---|"]
    for declaration in CommandDeclaration.all {
      rows.append(
        "| \(markdownCode(declaration.usage)) | \(markdownCell(declaration.summary)) | "
          + "\(declaration.needsPage ? "yes" : "no") | \(markdownCode(declaration.example)) |")
    }
    return rows.joined(separator: "\n")
  }

  private static func markdownCode(_ text: String) -> String {
    "`" + markdownCell(text) + "`"
  }

  /// Text that stays in its table cell: a `|` would start another.
  private static func markdownCell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
