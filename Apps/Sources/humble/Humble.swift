import ArgumentParser
import Foundation
import HumbleApp
import Presentation
import ServicesLive

/// `humble`: explore a live artist page of the embedded catalog.
@main
struct Humble: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "humble",
    abstract: "Explore a live artist page of the embedded music catalog.",
    version: "0.1.0"
  )

  @Option(name: .long, help: "The catalog database file (default: $XDG_DATA_HOME/humble/catalog.sqlite).")
  var database: String?

  @Flag(name: .long, help: "Use a catalog in memory (the demo catalog), leaving your files alone.")
  var inMemory = false

  @Option(name: .long, help: "The artist whose page opens first (default: the first artist).")
  var artist: String?

  @Option(name: [.short, .long], help: "Run these commands (separated by ';') and exit.")
  var command: String?

  @Option(name: .long, help: "Run the commands in this file (one per line) and exit.")
  var script: String?

  @Flag(name: .long, help: "Open the catalog read-only: browse it; favourites and downloads are refused.")
  var readOnly = false

  @Flag(name: .long, help: "Stop at the first failing command.")
  var bail = false

  @Flag(name: .long, help: "Print one JSON document per command (the visible table, a cell model, events).")
  var json = false

  @Flag(name: .long, help: "Never use colour (colour is used only on a terminal, and never when NO_COLOR is set).")
  var noColor = false

  @Option(name: .long, help: "The viewport's height in rows (default: the terminal's, else 20).")
  var rows: Int?

  @Option(name: .long, help: "Limit each download to this many kilobytes per second (watch progress live).")
  var downloadRate: Int?

  @Option(name: .long, help: "The width lines fit in (default: the terminal's; unlimited when not a terminal).")
  var width: Int?

  func validate() throws {
    if let rows, rows < 1 { throw ValidationError("--rows must be at least 1.") }
    if let width, width < 20 { throw ValidationError("--width must be at least 20.") }
    if command != nil, script != nil { throw ValidationError("Use either --command or --script, not both.") }
    if let downloadRate, downloadRate < 1 { throw ValidationError("--download-rate must be at least 1.") }
    if inMemory, database != nil { throw ValidationError("Use either --in-memory or --database, not both.") }
    if inMemory, readOnly { throw ValidationError("--read-only needs a catalog file, not --in-memory.") }
  }

  @MainActor
  mutating func run() async throws {
    let location: StorageLocation =
      inMemory ? .inMemory() : database.map { .database(at: URL(fileURLWithPath: $0)) } ?? .userDefault()
    let services: LiveServices
    do {
      let downloads = LiveDownloadsManager.Configuration(
        chunkSize: downloadRate.map { max(1024, min(64 * 1024, $0 * 1024 / 8)) } ?? 64 * 1024,
        maximumBytesPerSecond: downloadRate.map { $0 * 1024 }, progressGranularity: 0.05)
      services = try LiveServices.open(
        location, options: LiveServices.Options(downloads: downloads, readOnly: readOnly))
    } catch {
      FileHandle.standardError.write(Data("humble: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let interactive = command == nil && script == nil && isatty(STDIN_FILENO) == 1
    let terminal = Terminal.size()
    let session = Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloadsManager,
      favouritesManager: services.favouritesManager,
      rows: rows ?? (interactive ? terminal.map { max(3, $0.rows - 4) } : nil) ?? 20,
      waitForDownloads: { [downloads = services.downloadsManager] in await downloads.waitUntilIdle() })
    let environment = ProcessInfo.processInfo.environment
    let usesColour =
      interactive && !noColor && !json && isatty(STDOUT_FILENO) == 1
      && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    session.renderOptions = RenderOptions(width: width ?? terminal?.columns, usesColour: usesColour)
    var first = artist
    if first == nil { first = (try? await services.musicAPI.allArtists())?.first?.id.rawValue }
    let openingLine = "artist \(first ?? "")"
    let opening = await session.run(.artist(first ?? ""))
    if interactive || artist != nil || opening.error != nil { emit(opening, for: openingLine) }
    if opening.error != nil, !interactive { throw ExitCode.failure }
    if let command {
      let ok = await runScript(command.split(separator: ";").map(String.init), in: session)
      if !ok { throw ExitCode.failure }
    } else if let script {
      let text: String
      do {
        text = try Self.readScript(at: script)
      } catch {
        FileHandle.standardError.write(Data("humble: \(error.description)\n".utf8))
        throw ExitCode.failure
      }
      if !(await runScript(text.components(separatedBy: .newlines), in: session)) { throw ExitCode.failure }
    } else if interactive {
      let width = self.width
      await LineEditor.loop(
        session: session, emit: { [self] in emit($0, for: "") },
        updateWidth: {
          if width == nil, let columns = Terminal.size()?.columns { session.renderOptions.width = columns }
        })
    } else {
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      if !(await runScript(lines, in: session)) { throw ExitCode.failure }
    }
  }

  /// A script's text; one line naming the file when it cannot be read or is not UTF-8.
  static func readScript(at path: String) throws(ScriptError) -> String {
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

  /// Runs commands in order; false if any failed (stopping at the first with `--bail`).
  @MainActor
  private func runScript(_ lines: [String], in session: Session) async -> Bool {
    var ok = true
    for line in lines {
      let output = await session.run(line)
      emit(output, for: line)
      if output.error != nil {
        ok = false
        if bail { break }
      }
      if output.quits { break }
    }
    return ok
  }

  private func emit(_ output: CommandOutput, for line: String) {
    if json {
      if !line.trimmingCharacters(in: .whitespaces).isEmpty || output.error != nil {
        print(output.json(command: line.trimmingCharacters(in: .whitespaces)).jsonText)
      }
    } else {
      for line in output.lines { print(line) }
    }
    // Keep a transcript in order when both streams go to one place.
    fflush(nil)
    if let error = output.error { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
  }
}

/// Why a script file cannot be run.
struct ScriptError: Error, CustomStringConvertible {
  let description: String
}

/// The terminal standard output goes to.
enum Terminal {
  /// Its size in character cells, or nil when standard output is not a terminal.
  static func size() -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }
}
