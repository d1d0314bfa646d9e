import Foundation

/// Runs commands without a prompt (`-c`, `--script`, standard input) and writes each command's output as `humble`
/// does: its lines (or, with `--json`, one JSON document) to standard output, and its error, as one line after
/// `error: `, to standard error.
@MainActor
public struct ScriptRunner {
  /// Whether each command prints one JSON document instead of its lines.
  public var json: Bool
  /// Whether the first failing command stops the script.
  public var bail: Bool
  /// Receives each line for standard output.
  public var writeOutput: (String) -> Void
  /// Receives each line for standard error.
  public var writeError: (String) -> Void

  /// A runner that writes to the process's standard output and error.
  public init(json: Bool, bail: Bool) {
    self.init(
      json: json, bail: bail,
      writeOutput: { line in
        print(line)
        // A line printed is a line told: a transcript stays in order when both streams go to one place, and what a
        // process killed right after a command had acknowledged is on its standard output.
        fflush(nil)
      },
      writeError: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
  }

  /// A runner that writes through the given functions (tests collect the lines).
  public init(
    json: Bool, bail: Bool, writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void
  ) {
    self.json = json
    self.bail = bail
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// Runs the lines in order and writes what each printed; false if any failed.
  ///
  /// With ``bail`` the first failing command stops the script; `quit` ends it.
  public func run(_ lines: [String], in session: Session) async -> Bool {
    var succeeded = true
    for line in lines {
      let output = await session.run(line)
      emit(output, for: line)
      if output.error != nil {
        succeeded = false
        if bail { break }
      }
      if output.quits { break }
    }
    return succeeded
  }

  /// Writes one command's output: a blank line prints nothing (not even an empty JSON document).
  public func emit(_ output: CommandOutput, for line: String) {
    let command = line.trimmingCharacters(in: .whitespaces)
    if json {
      if !command.isEmpty || output.error != nil { writeOutput(output.json(command: command).jsonText) }
    } else {
      output.lines.forEach(writeOutput)
    }
    if let error = output.error { writeError("error: \(error)") }
  }

  /// A script file's text; one line naming the file when it cannot be read or is not UTF-8.
  public static func readScript(at path: String) throws(ScriptError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        throw ScriptError(
          description: "cannot read script file \(path)\(isDirectory.boolValue ? " (a directory)" : "")")
      }
      throw ScriptError(description: "no script file at \(path)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ScriptError(description: "script file \(path) is not UTF-8 text")
    }
    return text
  }
}

/// Why a script file cannot be run: one line for people.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line.
  public let description: String

  /// An error that reads `description`.
  public init(description: String) {
    self.description = description
  }
}
