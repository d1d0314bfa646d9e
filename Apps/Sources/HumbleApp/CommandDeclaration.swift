import Presentation

/// One command of the REPL, declared once: its name, how it is used, what it does, what Tab offers for its
/// argument, and how its line becomes a ``Command``.
///
/// Help, completion, the parser and its suggestions all read ``all``: a new command is one more entry there
/// (and a case of ``Command`` for the session to carry out).
public struct CommandDeclaration: Sendable {
  /// What Tab offers for a command's argument.
  public enum ArgumentCompletion: Sendable, Equatable {
    /// Nothing: the argument is a row, a number or free text.
    case none
    /// These words, for the first word of the argument.
    case words([String])
    /// The catalog's artist names, whole (they may hold spaces).
    case artistNames
    /// The titles of the row actions, whole (they may hold spaces).
    case actionTitles
    /// The names of the commands (for `help`).
    case commandNames
  }

  /// The words of a typed line after the command's name.
  public struct Arguments: Sendable {
    /// The command's name as typed, in lower case.
    public var name: String
    /// The words after the name.
    public var words: [String]
    /// The words after the name, joined by single spaces ("" when there are none).
    public var text: String { words.joined(separator: " ") }
  }

  /// The name the command is typed by.
  public let name: String
  /// Other names it answers to (`exit` for `quit`).
  public let aliases: [String]
  /// How it is typed, as `help` shows it.
  public let usage: String
  /// What it does, in a few words.
  public let summary: String
  /// What Tab offers for its argument.
  public let argumentCompletion: ArgumentCompletion
  /// Turns the words after the name into the command, or says in one line why they do not make one.
  let parse: @Sendable (Arguments) throws(CommandError) -> Command

  /// Whether `word` (in lower case) names this command.
  func isNamed(_ word: String) -> Bool {
    name == word || aliases.contains(word)
  }

  /// The declaration named `word`, ignoring case, if any.
  public static func named(_ word: String) -> CommandDeclaration? {
    let word = word.lowercased()
    return all.first { $0.isNamed(word) }
  }

  /// Every command, in the order `help` lists them.
  public static let all: [CommandDeclaration] = [
    .init(
      name: "artists", usage: "artists [query]", summary: "list artists, or those whose names contain the query",
      completion: .artistNames
    ) { .artists(query: $0.text.isEmpty ? nil : $0.text) },
    .init(name: "artist", usage: "artist <name or id>", summary: "open an artist's page", completion: .artistNames) {
      arguments throws(CommandError) in
      guard !arguments.text.isEmpty else {
        throw CommandError("artist: missing artist name or id (usage: artist <name or id>)")
      }
      return .artist(arguments.text)
    },
    .init(
      name: "favourites", usage: "favourites", summary: "open the page of every favourite track (it follows them live)"
    ) { _ in .favourites },
    .init(name: "reload", usage: "reload", summary: "fetch the page again") { _ in .reload },
    .init(
      name: "sort", usage: "sort <\(CommandParser.sortModes.map(\.name).joined(separator: "|"))>",
      summary: "order the tracks", completion: .words(CommandParser.sortModes.map(\.name))
    ) { arguments throws(CommandError) in
      let argument = arguments.text
      guard let mode = CommandParser.sortModes.first(where: { $0.name == argument.lowercased() })?.mode else {
        let names = CommandParser.sortModes.map(\.name).joined(separator: "|")
        throw CommandError(
          argument.isEmpty
            ? "sort: missing sort mode (usage: sort <\(names)>)"
            : "sort: unknown sort mode \(TerminalText.quoted(argument)) (use \(names))")
      }
      return .sort(mode)
    },
    .init(name: "show", usage: "show", summary: "print the visible part of the table") { _ in .show },
    .row("select", usage: "select <row> | select <section>.<row>", "tap a row: play a track, open a playlist or artist")
    {
      .select($0)
    },
    .init(
      name: "deselect", usage: "deselect [row]",
      summary: "deselect a row as a user would (the selected one by default)"
    ) { arguments throws(CommandError) in
      .deselect(arguments.text.isEmpty ? nil : try CommandParser.address(arguments.text, for: arguments.name))
    },
    .init(
      name: "scroll", usage: "scroll down|up|top|bottom | scroll to <row>", summary: "move the viewport",
      completion: .words(["down", "up", "top", "bottom", "to"])
    ) { arguments throws(CommandError) in .scroll(try CommandParser.scrollTarget(arguments.text)) },
    .row("cell", "the cell model bound to a row, field by field") { .cell($0) },
    .row("actions", "the row's edit actions") { .actions($0) },
    .init(
      name: "action", usage: "action <title> <row>", summary: "perform one of the row's edit actions",
      completion: .actionTitles
    ) { arguments throws(CommandError) in
      guard arguments.words.count >= 2, let last = arguments.words.last else {
        throw CommandError("action: missing title or row (usage: action <title> <row>)")
      }
      return .action(
        title: arguments.words.dropLast().joined(separator: " "),
        row: try CommandParser.address(last, for: arguments.name))
    },
    .row("download", "download the row's track (or cancel its download)") { .download($0) },
    .row("favourite", "mark the row's track as a favourite") { .favourite($0) },
    .row("unfavourite", "remove the row's track from the favourites") { .unfavourite($0) },
    .init(
      name: "user", usage: "user age <n>", summary: "the viewer's age (explicit tracks hide under 18)",
      completion: .words(["age"])
    ) { arguments throws(CommandError) in
      let words = arguments.words
      guard words.count == 2, words[0].lowercased() == "age", let age = Int(words[1]), (0...150).contains(age) else {
        throw CommandError("user: usage: user age <years, 0 to 150>")
      }
      return .userAge(age)
    },
    .init(
      name: "events", usage: "events on|off",
      summary: "print delegate calls, notifications and batch updates as they happen",
      completion: .words(["on", "off"])
    ) { arguments throws(CommandError) in .events(try onOrOff(arguments)) },
    .init(name: "back", usage: "back", summary: "return to the previous page") { _ in .back },
    .init(
      name: "timing", usage: "timing on|off", summary: "print how long each command took",
      completion: .words(["on", "off"])
    ) { arguments throws(CommandError) in .timing(try onOrOff(arguments)) },
    .init(name: "history", usage: "history", summary: "the last \(Session.historyLimit) commands run") { _ in .history
    },
    .init(
      name: "wait", usage: "wait",
      summary: "wait until the page's tracks and running downloads are in, then show the page"
    ) { _ in .wait },
    .init(
      name: "help", usage: "help [command]", summary: "list the commands, or explain one", completion: .commandNames
    ) { .help($0.text.isEmpty ? nil : $0.text) },
    .init(name: "quit", aliases: ["exit"], usage: "quit | exit", summary: "leave") { _ in .quit },
  ]

  private init(
    name: String,
    aliases: [String] = [],
    usage: String,
    summary: String,
    completion: ArgumentCompletion = .none,
    parse: @escaping @Sendable (Arguments) throws(CommandError) -> Command
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.argumentCompletion = completion
    self.parse = parse
  }

  /// A command whose one argument is a row (`name <row>`).
  private static func row(
    _ name: String, usage: String? = nil, _ summary: String,
    _ command: @escaping @Sendable (RowAddress) -> Command
  ) -> CommandDeclaration {
    CommandDeclaration(name: name, usage: usage ?? "\(name) <row>", summary: summary) {
      arguments throws(CommandError) in command(try CommandParser.address(arguments.text, for: arguments.name))
    }
  }

  /// `on` or `off`, for the switches (`events`, `timing`).
  private static func onOrOff(_ arguments: Arguments) throws(CommandError) -> Bool {
    switch arguments.text.lowercased() {
    case "on": return true
    case "off": return false
    default: throw CommandError("\(arguments.name): usage: \(arguments.name) on|off")
    }
  }
}
