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
  /// Every command name (aliases after the name they stand for), for completion and suggestions.
  public static let commandNames = CommandDeclaration.all.flatMap { [$0.name] + $0.aliases }

  /// The sort mode names the `sort` command accepts.
  public static var sortModes: [(name: String, mode: TrackSortMode)] { CommandDeclaration.sortModes }

  /// The command on `line`, or nil for a blank line.
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let name = words.first?.lowercased() else { return nil }
    guard let declaration = CommandDeclaration.named(name) else {
      let suggestion = closest(to: name, among: commandNames).map { " Did you mean '\($0)'?" } ?? ""
      throw CommandError(
        "Unknown command \(TerminalText.quoted(name)).\(suggestion) Type 'help' for the list of commands.")
    }
    return try declaration.parse(.init(name: name, words: Array(words.dropFirst())))
  }

  static func scrollTarget(_ text: String) throws(CommandError) -> ScrollTarget {
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

  static func address(_ text: String, for command: String) throws(CommandError) -> RowAddress {
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
  static func closest(to word: String, among candidates: [String]) -> String? {
    var work = 0
    return closest(to: word, among: candidates, work: &work)
  }

  /// The closest name within two edits, if any; `work` grows by one for each character of `word` read and each
  /// cell of an edit distance computed (a hook for tests: it must not grow with the word's length).
  ///
  /// Names whose lengths differ from the word's by more than two are more than two edits away and are not
  /// compared, so a long word (a pasted megabyte, say) costs one pass over its first characters, not a
  /// letter-by-letter comparison with every name.
  static func closest(to word: String, among candidates: [String], work: inout Int) -> String? {
    let longest = candidates.map(\.count).max() ?? 0
    var length = 0
    for _ in word {
      work += 1
      length += 1
      if length > longest + 2 { return nil }
    }
    let scored = candidates.filter { abs($0.count - length) <= 2 }.map { ($0, editDistance(word, $0, work: &work)) }
      .filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
  }

  private static func editDistance(_ a: String, _ b: String, work: inout Int) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        work += 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
