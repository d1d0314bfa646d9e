import Presentation

/// Why a line is not a command: one line for people, with a suggestion where one helps.
public struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Turns a typed line into a ``Command``.
public enum CommandParser {
  /// Every command name, for help, completion and suggestions.
  public static let commandNames = [
    "artists", "artist", "reload", "sort", "show", "select", "deselect", "scroll", "cell", "actions", "action",
    "download", "favourite", "unfavourite", "user", "events", "timing", "history", "wait", "back", "help", "quit",
    "exit",
  ]

  /// The sort mode names the `sort` command accepts.
  public static let sortModes: [(name: String, mode: TrackSortMode)] = [
    ("catalog", .catalogOrder), ("alphabetical", .alphabeticalAscending), ("reverse", .alphabeticalDescending),
    ("popular", .mostPopular), ("newest", .newest), ("longest", .longest), ("shortest", .shortest),
  ]

  /// The command on `line`, or nil for a blank line.
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first?.lowercased() else { return nil }
    let argument = words.dropFirst().joined(separator: " ")
    switch name {
    case "artists": return .artists(query: argument.isEmpty ? nil : argument)
    case "artist":
      guard !argument.isEmpty else {
        throw CommandError("artist: missing artist name or id (usage: artist <name or id>)")
      }
      return .artist(argument)
    case "reload": return .reload
    case "show": return .show
    case "sort":
      guard let mode = sortModes.first(where: { $0.name == argument.lowercased() })?.mode else {
        let names = sortModes.map(\.name).joined(separator: "|")
        throw CommandError(
          argument.isEmpty
            ? "sort: missing sort mode (usage: sort <\(names)>)"
            : "sort: unknown sort mode \(TerminalText.quoted(argument)) (use \(names))")
      }
      return .sort(mode)
    case "select": return .select(try address(argument, for: name))
    case "download": return .download(try address(argument, for: name))
    case "favourite": return .favourite(try address(argument, for: name))
    case "unfavourite": return .unfavourite(try address(argument, for: name))
    case "deselect": return .deselect(argument.isEmpty ? nil : try address(argument, for: name))
    case "scroll": return .scroll(try scrollTarget(argument))
    case "cell": return .cell(try address(argument, for: name))
    case "actions": return .actions(try address(argument, for: name))
    case "action":
      let parts = words.dropFirst()
      guard parts.count >= 2, let last = parts.last else {
        throw CommandError("action: missing title or row (usage: action <title> <row>)")
      }
      return .action(title: parts.dropLast().joined(separator: " "), row: try address(last, for: name))
    case "user":
      let parts = Array(words.dropFirst())
      guard parts.count == 2, parts[0].lowercased() == "age", let age = Int(parts[1]), (0...150).contains(age) else {
        throw CommandError("user: usage: user age <years, 0 to 150>")
      }
      return .userAge(age)
    case "events":
      switch argument.lowercased() {
      case "on": return .events(true)
      case "off": return .events(false)
      default: throw CommandError("events: usage: events on|off")
      }
    case "back": return .back
    case "history": return .history
    case "wait": return .wait
    case "timing":
      switch argument.lowercased() {
      case "on": return .timing(true)
      case "off": return .timing(false)
      default: throw CommandError("timing: usage: timing on|off")
      }
    case "help": return .help(argument.isEmpty ? nil : argument)
    case "quit", "exit": return .quit
    default:
      let suggestion = closest(to: name, among: commandNames).map { " Did you mean '\($0)'?" } ?? ""
      throw CommandError(
        "Unknown command \(TerminalText.quoted(name)).\(suggestion) Type 'help' for the list of commands.")
    }
  }

  private static func scrollTarget(_ text: String) throws(CommandError) -> ScrollTarget {
    let words = text.lowercased().split(separator: " ")
    switch words.first {
    case "down": return .down
    case "up": return .up
    case "top": return .top
    case "bottom": return .bottom
    case "to" where words.count == 2: return .row(try address(String(words[1]), for: "scroll to"))
    default: throw CommandError("scroll: usage: scroll down|up|top|bottom or scroll to <row>")
    }
  }

  private static func address(_ text: String, for command: String) throws(CommandError) -> RowAddress {
    guard !text.isEmpty else {
      throw CommandError("\(command): missing row (usage: \(command) <row> or <section>.<row>)")
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 1, let row = Int(parts[0]), row >= 1 { return .row(row) }
    if parts.count == 2, let section = Int(parts[0]), let row = Int(parts[1]), section >= 1, row >= 1 {
      return .sectionRow(section: section, row: row)
    }
    throw CommandError(
      "\(command): \(TerminalText.quoted(text)) is not a row number (rows are counted from 1, e.g. 3 or 2.1)")
  }

  /// The closest name within two edits, if any.
  ///
  /// Names whose lengths differ from the word's by more than two are more than two edits away and are not
  /// compared, so a long word (a pasted megabyte, say) costs one pass over its first characters, not a
  /// letter-by-letter comparison with every name.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let longest = candidates.map(\.count).max() ?? 0
    guard word.dropFirst(longest + 2).isEmpty else { return nil }
    let length = word.count
    let scored = candidates.filter { abs($0.count - length) <= 2 }.map { ($0, editDistance(word, $0)) }
      .filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
