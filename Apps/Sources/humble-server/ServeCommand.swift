import ArgumentParser
import Foundation
import HumbleServer
import HumbleServerPostgres
import Logging
import ServicesLive

/// `humble-server`: serving is the default subcommand, so that `user add --database` is the subcommand's own
/// option and `humble-server --port 0` still serves.
struct HumbleServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "humble-server",
    abstract: "Serve the music catalog over HTTP (the API of openapi.json), or manage its users.",
    subcommands: [ServeCommand.self, UserCommand.self, ImportCommand.self],
    defaultSubcommand: ServeCommand.self
  )
}

/// `humble-server [serve]`: serves the catalog over HTTP until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve the catalog until SIGTERM or SIGINT (the default).")

  @Option(name: .long, help: "The catalog database file (default: $XDG_DATA_HOME/humble/catalog.sqlite).")
  var database: String?

  @Flag(name: .long, help: "Serve a catalog in memory (the demo catalog), leaving your files alone.")
  var inMemory = false

  @OptionGroup var postgres: PostgresOptions

  @Option(name: .long, help: "With --postgres: the longest a request waits for the database, in seconds.")
  var databaseTimeout: Double = 5

  @Option(name: .long, help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
  var port = 8080

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What every URL the server hands out starts with, e.g. https://music.example behind a proxy.",
      discussion: "By default, the address it listens on. The Host header of a request never reaches an answer."))
  var publicURL: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most favourites feeds one user may hold open at once.",
      discussion: "One more is refused with 429 and a Retry-After of one keep-alive interval (15 s)."))
  var maxFeedsPerUser = 16

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most events a favourites feed holds for a client that does not read them.",
      discussion: "A feed further behind ends; its client reconnects and reads the favourites again."))
  var feedQueueLimit = 1_000

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How often, in seconds, a favourites feed sends a keep-alive comment.",
      discussion: "Also how soon the server notices a feed's client went away, and checks open feeds' tokens."))
  var keepAlive: Double = 15

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder whose files the server streams; a track's file:// stream URL outside it is answered 404.",
      discussion:
        "Symbolic links are resolved, the folder's own too. By default, the streams folder beside the catalog "
        + "(<catalog>-files/streams, where the demo catalog's files are); with --postgres, the one "
        + "'humble-server import --demo' fills ($XDG_DATA_HOME/humble/catalog-files/streams).",
      valueName: "path"))
  var streamFolder: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder the server keeps the artwork it generates in, each cover written on its first request.",
      discussion:
        "Created (0700) on the first cover if missing; each file is written whole, then renamed into place. By "
        + "default, the artwork folder beside the catalog (<catalog>-files/artwork); with --postgres, "
        + "$XDG_DATA_HOME/humble/catalog-files/artwork.",
      valueName: "path"))
  var artworkFolder: String?

  @OptionGroup(title: "Limits") var limits: ServerLimitOptions

  func validate() throws {
    if inMemory, database != nil { throw ValidationError("Use either --in-memory or --database, not both.") }
    if postgres.url != nil, inMemory || database != nil {
      throw ValidationError("Use either --postgres (or DATABASE_URL) or --database/--in-memory, not both.")
    }
    if !(databaseTimeout > 0 && databaseTimeout <= 3600) {
      throw ValidationError("--database-timeout must be from 0 to 3600 seconds.")
    }
    if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535.") }
    if !(1...100_000).contains(maxFeedsPerUser) {
      throw ValidationError("--max-feeds-per-user must be from 1 to 100000, not \(maxFeedsPerUser).")
    }
    if !(keepAlive >= 0.01 && keepAlive <= 3600) {
      throw ValidationError("--keep-alive must be from 0.01 to 3600 seconds.")
    }
    if !(1...1_000_000).contains(feedQueueLimit) {
      throw ValidationError("--feed-queue-limit must be from 1 to 1000000, not \(feedQueueLimit).")
    }
    if let streamFolder, !Self.isDirectory(streamFolder) {
      throw ValidationError("--stream-folder must be an existing folder, not '\(streamFolder)'.")
    }
    if let artworkFolder {
      var isDirectory: ObjCBool = false
      if artworkFolder.isEmpty
        || (FileManager.default.fileExists(atPath: artworkFolder, isDirectory: &isDirectory) && !isDirectory.boolValue)
      {
        throw ValidationError(
          "--artwork-folder must be a folder or a path where one can be made, not '\(artworkFolder)'.")
      }
    }
    if let publicURL, Self.publicURL(publicURL) == nil {
      throw ValidationError(
        "--public-url must be an http or https URL with a host and no query, such as https://music.example, not '\(publicURL)'."
      )
    }
  }

  /// A public URL as given, if it is an http or https URL with a host, and no user, query or fragment.
  static func publicURL(_ text: String) -> URL? {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", components.host?.isEmpty == false, components.user == nil,
      components.query == nil, components.fragment == nil
    else { return nil }
    return components.url
  }

  /// Where and how the server listens, from the flags.
  private var configuration: HumbleServer.Configuration {
    var configuration = HumbleServer.Configuration(
      host: host, port: port, keepAliveInterval: .milliseconds(Int((keepAlive * 1000).rounded())),
      feedQueueLimit: feedQueueLimit, publicURL: publicURL.flatMap(Self.publicURL))
    configuration.maximumFeedsPerUser = maxFeedsPerUser
    limits.apply(to: &configuration)
    return configuration
  }

  /// The configuration for a catalog whose files (its streams and artwork folders) are in `files`: streaming
  /// from --stream-folder, else `files`/streams, and keeping artwork in --artwork-folder, else `files`/artwork.
  private func serverConfiguration(files: URL) -> HumbleServer.Configuration {
    var configuration = self.configuration
    configuration.streamFolder =
      streamFolder.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? files.appendingPathComponent("streams", isDirectory: true)
    configuration.artworkFolder =
      artworkFolder.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? files.appendingPathComponent("artwork", isDirectory: true)
    return configuration
  }

  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return !path.isEmpty && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  func run() async throws {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    if let warning = limits.raiseOpenFileLimit() {
      FileHandle.standardError.write(Data((warning + "\n").utf8))
    }
    if let location = try postgres.location() {
      try await servePostgres(location)
      return
    }
    let location: StorageLocation =
      inMemory ? .inMemory() : database.map { .database(at: URL(fileURLWithPath: $0)) } ?? .userDefault()
    let services = try openServices(location)
    do {
      try await HumbleServer.run(
        store: SQLiteCatalogStore(database: services.database),
        configuration: serverConfiguration(files: services.location.filesDirectory)
      ) { url in
        // Unbuffered: whoever started the server reads this line to learn where it listens.
        FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))
      }
    } catch {
      FileHandle.standardError.write(Data("humble-server: cannot serve on \(host):\(port): \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}

extension ServeCommand {
  private func servePostgres(_ location: PostgresLocation) async throws {
    let store = try await connectPostgres(
      location, configuration: .init(requestTimeout: .milliseconds(Int(databaseTimeout * 1000))))
    do {
      let configuration = serverConfiguration(files: StorageLocation.userDefault().filesDirectory)
      try await HumbleServer.run(store: store, configuration: configuration) { url in
        FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))
      }
      await store.close()
    } catch {
      await store.close()
      FileHandle.standardError.write(Data("humble-server: cannot serve on \(host):\(port): \(error)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// The live services of a location; one line on standard error and exit status 1 when they cannot open.
func openServices(_ location: StorageLocation) throws -> LiveServices {
  do {
    return try LiveServices.open(location)
  } catch {
    FileHandle.standardError.write(Data("humble-server: \(error)\n".utf8))
    throw ExitCode.failure
  }
}

/// `humble-server user`: manages the users who may keep favourites.
struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Manage the server's users.",
    subcommands: [AddUserCommand.self, ListUsersCommand.self, RevokeUserCommand.self, TokenUserCommand.self])
}

/// `humble-server user add NAME`: adds a user and prints their bearer token, once.
struct AddUserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a user and print their bearer token (it is stored only hashed).")

  @Argument(help: "The user's unique name.")
  var name: String

  @OptionGroup var store: UserStoreOptions

  func run() async throws {
    try await store.withStore { store in
      let token = try await HumbleServer.addUser(named: name, to: store)
      FileHandle.standardOutput.write(Data((token + "\n").utf8))
    }
  }
}
