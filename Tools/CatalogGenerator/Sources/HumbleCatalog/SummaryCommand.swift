import ArgumentParser
import CatalogGeneration
import Domain
import Foundation
import ServicesLive

/// `humble-catalog summary`: opens the live services and prints what the catalog holds.
struct SummaryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "summary",
    abstract: "Open the live services and print the database path, each artist's track count and the playlists.",
    discussion: """
      Without options this opens the per-user catalog ($XDG_DATA_HOME/humble/catalog.sqlite, else \
      ~/.local/share/humble/catalog.sqlite), importing the demo catalog into it on first run.
      """
  )

  @Option(name: .long, help: "The database file to open instead of the per-user catalog.")
  var database: String?

  @Flag(name: .long, help: "Use a new database in memory (with the demo catalog).")
  var inMemory = false

  func validate() throws {
    if database != nil && inMemory {
      throw ValidationError("--database and --in-memory cannot be used together.")
    }
  }

  func run() async throws {
    let location: StorageLocation =
      if inMemory {
        .inMemory()
      } else if let database {
        .database(at: URL(fileURLWithPath: database))
      } else {
        .userDefault()
      }
    do {
      let services = try LiveServices.open(location)
      print("Database: \(services.database.path)")
      for line in try await CatalogSummary.lines(musicAPI: services.musicAPI, playlistAPI: services.playlistAPI) {
        print(line)
      }
    } catch {
      throw CommandFailure(description: String(describing: error))
    }
    if inMemory {
      try? FileManager.default.removeItem(at: location.filesDirectory)
    }
  }
}
