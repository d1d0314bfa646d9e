import Foundation
import HumbleSupport
import Presentation
import Services

/// What a command printed: lines for standard output, or one line for standard error.
public struct CommandOutput: Hashable, Sendable {
  /// Lines for standard output.
  public var lines: [String]
  /// The error line, if the command failed.
  public var error: String?
  /// The stable code of the error's case, when a service's typed error caused it.
  ///
  /// `favourites.signedOut`, `music.unreachable`…: `--json` gives it as `code`; Apps/README.md lists them.
  public var errorCode: String?
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
    if error != nil, let errorCode { members["code"] = .string(errorCode) }
    if members.keys.allSatisfy({ ["command", "ok", "error", "code", "events", "milliseconds"].contains($0) }),
      !lines.isEmpty
    {
      members["lines"] = .array(lines.map(JSONValue.string))
    }
    return .object(members)
  }

  /// A failed command's one-line error, with the stable code of its case when a typed error caused it.
  ///
  /// A message that spans several lines (a reason quoted from a database or a server, say) is joined into
  /// one: line breaks, tabs and other control characters become single spaces.
  public static func failure(_ message: String, code: String? = nil) -> CommandOutput {
    CommandOutput(lines: [], error: message.oneLine, errorCode: code)
  }

  /// A failed row action: its one line and its code.
  static func failure(_ error: TrackActionError) -> CommandOutput {
    failure(error.line, code: error.code)
  }

  /// A page that failed to load: `context` (such as "reload failed"), then the cause in one line, with its code.
  static func failure(_ context: String, _ error: PageLoadError) -> CommandOutput {
    failure("\(context): \(error)", code: error.code)
  }

  /// A failed catalog request: its one line and its code.
  static func failure(_ error: MusicAPIError) -> CommandOutput {
    failure(error.description, code: error.code)
  }
}
