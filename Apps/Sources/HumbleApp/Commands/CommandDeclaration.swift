import Presentation

/// One command of the REPL, declared once.
///
/// A declaration holds the command's name, how it is used, what it does, whether it needs an open page, what Tab
/// offers for its argument, an example, the arguments the random command tests try, and how its line becomes a
/// ``Command``. What the command does is the `Session` method next to its declaration (in
/// `Commands/<Name>Command.swift`), which ``Command``'s dispatch calls.
///
/// Help, completion, the parser and its suggestions, the README's table of commands and the random command
/// generator of the tests all read ``all``: a new command is its own file (declaration and implementation) and
/// three lines in `Command.swift` (its case, its place in ``all``, its dispatch).
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

  /// What an argument sample stands for where it reads `<row>`: a row number the generator picks (valid or not).
  public static let rowPlaceholder = "<row>"

  /// The name the command is typed by.
  public let name: String
  /// Other names it answers to (`exit` for `quit`).
  public let aliases: [String]
  /// How it is typed, as `help` shows it.
  public let usage: String
  /// What it does, in a few words.
  public let summary: String
  /// The command as someone would type it, for `help` and the README.
  public let example: String
  /// Whether the command needs an open page; without one it fails saying so and runs nothing.
  public let needsPage: Bool
  /// What Tab offers for its argument.
  public let argumentCompletion: ArgumentCompletion
  /// Arguments the random command tests try, right and wrong (`<row>` stands for a row they pick); empty for a
  /// command without arguments.
  public let argumentSamples: [String]
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

  init(
    name: String,
    aliases: [String] = [],
    usage: String? = nil,
    summary: String,
    example: String? = nil,
    needsPage: Bool,
    completion: ArgumentCompletion = .none,
    samples: [String] = [],
    parse: @escaping @Sendable (Arguments) throws(CommandError) -> Command
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage ?? name
    self.summary = summary
    self.example = example ?? name
    self.needsPage = needsPage
    self.argumentCompletion = completion
    self.argumentSamples = samples
    self.parse = parse
  }

  /// A command whose one argument is a row (`name <row>`), on the open page.
  static func row(
    _ name: String, usage: String? = nil, _ summary: String, example: String,
    _ command: @escaping @Sendable (RowAddress) -> Command
  ) -> CommandDeclaration {
    CommandDeclaration(
      name: name, usage: usage ?? "\(name) <row>", summary: summary, example: example, needsPage: true,
      samples: [rowPlaceholder]
    ) { arguments throws(CommandError) in command(try CommandParser.address(arguments.text, for: arguments.name)) }
  }

  /// A switch (`name on|off`), which needs no page.
  static func onOff(
    _ name: String, _ summary: String, _ command: @escaping @Sendable (Bool) -> Command
  ) -> CommandDeclaration {
    CommandDeclaration(
      name: name, usage: "\(name) on|off", summary: summary, example: "\(name) on", needsPage: false,
      completion: .words(["on", "off"]), samples: ["on", "off", "maybe"]
    ) { arguments throws(CommandError) in
      switch arguments.text.lowercased() {
      case "on": return command(true)
      case "off": return command(false)
      default: throw CommandError("\(arguments.name): usage: \(arguments.name) on|off")
      }
    }
  }
}
