import ArgumentParser
import Domain
import Foundation
import HumbleApp
import Presentation
import Services
import ServicesLive
import ServicesRemote

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

  @Option(name: .long, help: "Run every command against the humble-server at this URL (e.g. http://127.0.0.1:8080).")
  var server: String?

  @Option(name: .long, help: "The bearer token for --server (default: $HUMBLE_TOKEN); favourites need one.")
  var token: String?

  @Option(name: .long, help: "With --server: how many seconds a request may take before it fails (default 10).")
  var timeout: Double?

  @Flag(name: .long, help: "With --server: ask for each next page only when it is needed, not as soon as it is named.")
  var noReadAhead = false

  func validate() throws {
    if let rows, rows < 1 { throw ValidationError("--rows must be at least 1.") }
    if let width, width < 20 { throw ValidationError("--width must be at least 20.") }
    if command != nil, script != nil { throw ValidationError("Use either --command or --script, not both.") }
    if let downloadRate, downloadRate < 1 { throw ValidationError("--download-rate must be at least 1.") }
    if inMemory, database != nil { throw ValidationError("Use either --in-memory or --database, not both.") }
    if inMemory, readOnly { throw ValidationError("--read-only needs a catalog file, not --in-memory.") }
    if let server {
      guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
      else { throw ValidationError("--server needs an http or https URL, such as http://127.0.0.1:8080.") }
      if database != nil {
        throw ValidationError("--database names an embedded catalog; with --server the catalog is the server's.")
      }
      if readOnly { throw ValidationError("--read-only is for an embedded catalog, not --server.") }
    } else if token != nil || timeout != nil || noReadAhead {
      throw ValidationError("--token, --timeout and --no-read-ahead go with --server.")
    }
    if let timeout, !(timeout > 0 && timeout <= 3600) {
      throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600.")
    }
  }

  @MainActor
  mutating func run() async throws {
    let downloads = LiveDownloadsManager.Configuration(
      chunkSize: downloadRate.map { max(1024, min(64 * 1024, $0 * 1024 / 8)) } ?? 64 * 1024,
      maximumBytesPerSecond: downloadRate.map { $0 * 1024 }, progressGranularity: 0.05)
    let services: SessionServices
    do {
      if let server {
        services = try await openServer(server, downloads: downloads)
      } else {
        services = try await openEmbedded(downloads)
      }
    } catch {
      FileHandle.standardError.write(Data("humble: \(error)\n".utf8))
      throw ExitCode.failure
    }
    let interactive = command == nil && script == nil && isatty(STDIN_FILENO) == 1
    let terminal = Terminal.size()
    let session = Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloadsManager,
      favouritesManager: services.favouritesManager, artworkLoader: services.artworkLoader,
      rows: Terminal.viewportRows(requested: rows, interactive: interactive, terminalRows: terminal?.rows),
      waitForDownloads: { [downloads = services.downloadsManager] in await downloads.waitUntilIdle() })
    session.trackPaging = services.trackPaging
    defer { services.close() }
    let usesColour = Terminal.usesColour(
      interactive: interactive, noColor: noColor, json: json, outputIsATerminal: isatty(STDOUT_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment)
    session.renderOptions = RenderOptions(
      width: width ?? terminal?.columns, usesColour: usesColour,
      artworkColours: Terminal.artworkColours(usesColour: usesColour, environment: ProcessInfo.processInfo.environment))
    var first = artist
    if first == nil { first = services.firstArtist }
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
        text = try ScriptRunner.readScript(at: script)
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

  /// The embedded catalog's live services.
  private func openEmbedded(_ downloads: LiveDownloadsManager.Configuration) async throws -> SessionServices {
    let location: StorageLocation =
      inMemory ? .inMemory() : database.map { .database(at: URL(fileURLWithPath: $0)) } ?? .userDefault()
    let live = try LiveServices.open(location, options: LiveServices.Options(downloads: downloads, readOnly: readOnly))
    return SessionServices(
      musicAPI: live.musicAPI, playlistAPI: live.playlistAPI, downloadsManager: live.downloadsManager,
      favouritesManager: live.favouritesManager, artworkLoader: live.artworkLoader,
      firstArtist: (try? await live.musicAPI.allArtists())?.first?.id.rawValue, close: {})
  }

  /// The services of a humble-server: its catalog and the user's favourites over HTTP, and downloads of its stream
  /// files kept on this device (`StorageLocation.forServer`, or a throwaway directory with `--in-memory`).
  ///
  /// The server is asked for its artists first, so a server that is not there fails here, in one line.
  private func openServer(_ address: String, downloads: LiveDownloadsManager.Configuration) async throws
    -> SessionServices
  {
    guard let url = URL(string: address) else { throw ScriptError(description: "--server \(address) is not a URL") }
    let token = token ?? ProcessInfo.processInfo.environment["HUMBLE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let configuration = RemoteConfiguration(
      requestTimeout: .milliseconds(Int((timeout ?? 10) * 1000)), readsAhead: !noReadAhead)
    let remote = try RemoteServices(baseURL: url, token: token, configuration: configuration)
    let artists = try await remote.musicAPI.allArtists()
    let favourites: RemoteFavouritesManager? = token == nil ? nil : try await remote.openFavourites()
    // The server's catalog may not have this device copy its own files into the downloads.
    var downloads = downloads
    downloads.acceptsFileURLs = false
    let local = try LiveServices.open(
      inMemory ? .inMemory() : .forServer(url),
      options: LiveServices.Options(importsDemoCatalogWhenEmpty: false, downloads: downloads))
    return SessionServices(
      musicAPI: remote.musicAPI, playlistAPI: remote.playlistAPI, downloadsManager: local.downloadsManager,
      favouritesManager: favourites ?? SignedOutFavourites(),
      // The server names its own artwork URLs; the token goes to its origin only.
      artworkLoader: LiveArtworkLoader(
        authorization: token.map { LiveArtworkLoader.Authorization(origin: url, bearerToken: $0) }),
      firstArtist: artists.first?.id.rawValue, close: { favourites?.close() },
      trackPaging: .firstScreenThenLargest)
  }

  /// How commands run without a prompt: their output written as `--json` and `--bail` ask.
  @MainActor
  private var scriptRunner: ScriptRunner { ScriptRunner(json: json, bail: bail) }

  @MainActor
  private func runScript(_ lines: [String], in session: Session) async -> Bool {
    await scriptRunner.run(lines, in: session)
  }

  @MainActor
  private func emit(_ output: CommandOutput, for line: String) {
    scriptRunner.emit(output, for: line)
  }
}

/// What a session runs on: the embedded catalog's services or a server's.
struct SessionServices {
  let musicAPI: any MusicAPI
  let playlistAPI: any PlaylistAPI
  let downloadsManager: LiveDownloadsManager
  let favouritesManager: (any FavouritesManager)?
  /// Loads the artwork that the catalog's answers name (the embedded catalog's covers are generated on first load).
  let artworkLoader: any ArtworkLoader
  /// The artist whose page opens when none is named.
  let firstArtist: String?
  /// Stops what the services run in the background (a server's favourites feed).
  let close: @MainActor () -> Void
  /// The page sizes artist pages ask for: doubling from the first screen's for the embedded catalog, the largest
  /// after the first screen for a server (each page is a request).
  var trackPaging = TrackPaging()
}
