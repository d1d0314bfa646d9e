import Foundation

/// What a command printed: lines for standard output, or one line for standard error.
public struct CommandOutput: Hashable, Sendable {
  /// Lines for standard output.
  public var lines: [String]
  /// The error line, if the command failed.
  public var error: String?
  /// Whether the session should end.
  public var quits = false
  /// The same result for machines (`--json`): the visible page, a cell model, artists, events and so on.
  public var document: [String: JSONValue] = [:]

  /// A successful output.
  public static func lines(_ lines: [String]) -> CommandOutput { CommandOutput(lines: lines) }

  /// One JSON document describing the command's result, as `--json` prints it.
  public func json(command: String) -> JSONValue {
    var members = document
    members["command"] = .string(command)
    members["ok"] = .bool(error == nil)
    if let error { members["error"] = .string(error) }
    if members.keys.allSatisfy({ ["command", "ok", "error", "events", "milliseconds"].contains($0) }), !lines.isEmpty {
      members["lines"] = .array(lines.map(JSONValue.string))
    }
    return .object(members)
  }

  /// A failed command's one-line error.
  ///
  /// A message that spans several lines (a reason quoted from a database or a server, say) is joined into
  /// one: line breaks, tabs and other control characters become single spaces.
  public static func failure(_ message: String) -> CommandOutput {
    guard message.contains(where: isBreak) else { return CommandOutput(lines: [], error: message) }
    let oneLine = message.split { isBreak($0) || $0.isWhitespace }.joined(separator: " ")
    return CommandOutput(lines: [], error: oneLine)
  }

  private static func isBreak(_ character: Character) -> Bool {
    character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
