import ArgumentParser
import Foundation
import HumbleServerPostgres
import ServicesLive

/// `humble-server import --postgres URL --from catalog.sqlite`: loads a catalog into PostgreSQL, all or nothing.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Load a catalog into an empty PostgreSQL catalog with COPY, in one transaction (all or nothing).")

  @OptionGroup var postgres: PostgresOptions

  @Option(
    name: .long, help: ArgumentHelp("The SQLite catalog to import (humble's or humble-catalog's).", valueName: "file"))
  var from: String?

  @Flag(
    name: .long,
    help: "Import the demo catalog (the one humble starts with); its stream files go to $XDG_DATA_HOME/humble/streams.")
  var demo = false

  @Flag(name: .long, help: "Print each step on standard error.")
  var verbose = false

  func validate() throws {
    if postgres.url == nil { throw ValidationError("Name the database with --postgres URL (or DATABASE_URL).") }
    if (from == nil) == !demo { throw ValidationError("Name the catalog to import: either --from FILE or --demo.") }
  }

  func run() async throws {
    guard let location = try postgres.location() else { throw ExitCode.failure }
    let source: CatalogDatabase
    do {
      if let from {
        source = try CatalogDatabase.open(at: URL(fileURLWithPath: from), readOnly: true)
      } else {
        source = try CatalogDatabase.open(at: nil)
        let streams = StorageLocation.userDefault().streamsDirectory
        try FileManager.default.createDirectory(
          at: streams, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try DemoCatalog.import(into: source, streamsDirectory: streams)
      }
    } catch {
      FileHandle.standardError.write(Data("humble-server: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let started = ContinuousClock.now
    let verbose = verbose
    do {
      let counts = try await PostgresCatalogImport.run(from: source, into: location) { progress in
        guard verbose else { return }
        let line: String =
          switch progress {
          case .started: "importing into \(location)"
          case .copying(let table): "copying \(table)"
          case .indexing: "indexing track"
          case .committing: "committing"
          }
        FileHandle.standardError.write(Data("humble-server: \(line)\n".utf8))
      }
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      print(
        "Imported \(counts.artists) artists, \(counts.tracks) tracks, \(counts.playlists) playlists into "
          + "\(location) in \(String(format: "%.1f", seconds)) s.")
    } catch {
      FileHandle.standardError.write(Data("humble-server: \(location): \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}
