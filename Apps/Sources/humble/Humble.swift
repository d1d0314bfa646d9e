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

  @Flag(name: .long, help: "Stop at the first failing command.")
  var bail = false

  @Option(name: .long, help: "The viewport's height in rows.")
  var rows = 20

  @MainActor
  mutating func run() async throws {
    let location: StorageLocation =
      inMemory ? .inMemory() : database.map { .database(at: URL(fileURLWithPath: $0)) } ?? .userDefault()
    let services: LiveServices
    do {
      services = try LiveServices.open(location)
    } catch {
      FileHandle.standardError.write(Data("humble: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let session = Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloadsManager,
      favouritesManager: services.favouritesManager, rows: max(1, rows),
      waitForDownloads: { [downloads = services.downloadsManager] in await downloads.waitUntilIdle() })
    let interactive = command == nil && script == nil && isatty(STDIN_FILENO) == 1
    var first = artist
    if first == nil { first = (try? await services.musicAPI.allArtists())?.first?.id.rawValue }
    let opening = await session.run(.artist(first ?? ""))
    if interactive || artist != nil { emit(opening) }
    if let command {
      let ok = await runScript(command.split(separator: ";").map(String.init), in: session)
      if !ok { throw ExitCode.failure }
    } else if let script {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        FileHandle.standardError.write(Data("humble: cannot read script file \(script)\n".utf8))
        throw ExitCode.failure
      }
      if !(await runScript(text.components(separatedBy: .newlines), in: session)) { throw ExitCode.failure }
    } else if interactive {
      await LineEditor.loop(session: session, emit: emit)
    } else {
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      if !(await runScript(lines, in: session)) { throw ExitCode.failure }
    }
  }

  /// Runs commands in order; false if any failed (stopping at the first with `--bail`).
  @MainActor
  private func runScript(_ lines: [String], in session: Session) async -> Bool {
    var ok = true
    for line in lines {
      let output = await session.run(line)
      emit(output)
      if output.error != nil {
        ok = false
        if bail { break }
      }
      if output.quits { break }
    }
    return ok
  }

  private func emit(_ output: CommandOutput) {
    for line in output.lines { print(line) }
    // Keep a transcript in order when both streams go to one place.
    fflush(nil)
    if let error = output.error { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
  }
}
