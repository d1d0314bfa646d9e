import Domain
import Foundation
import Presentation
import Services
import TableKit

/// What a command printed: lines for standard output, or one line for standard error.
public struct CommandOutput: Hashable, Sendable {
  /// Lines for standard output.
  public var lines: [String]
  /// The error line, if the command failed.
  public var error: String?
  /// Whether the session should end.
  public var quits = false

  /// A successful output.
  public static func lines(_ lines: [String]) -> CommandOutput { CommandOutput(lines: lines) }

  /// A failed command's one-line error.
  public static func failure(_ message: String) -> CommandOutput { CommandOutput(lines: [], error: message) }
}

/// One REPL session: the services, the artist screen open now, and the commands that drive them.
@MainActor
public final class Session {
  private let musicAPI: any MusicAPI
  private let playlistAPI: (any PlaylistAPI)?
  private let downloadsManager: any DownloadsManager
  private let favouritesManager: (any FavouritesManager)?
  private let formatting: PresentationFormatting
  private let rows: Int
  private let waitForDownloads: (@Sendable () async -> Void)?
  /// The screen open now, if any.
  public private(set) var screen: ArtistScreenController?
  /// The artist whose page is open.
  public private(set) var artist: Artist?
  /// Lines of the events log since the last command.
  public var events: [String] = []
  /// Whether each command's output ends with the events it caused.
  public private(set) var printsEvents = false
  private var history: [(screen: ArtistScreenController, artist: Artist)] = []
  private var requestedOpen: ArtistCellModelType?
  private var user = User.adult
  private var printsTiming = false
  private var commandHistory: [String] = []

  /// Creates a session over services, with a viewport of `rows` rows.
  public init(
    musicAPI: any MusicAPI,
    playlistAPI: (any PlaylistAPI)?,
    downloadsManager: any DownloadsManager,
    favouritesManager: (any FavouritesManager)?,
    formatting: PresentationFormatting = .current,
    rows: Int = 20,
    waitForDownloads: (@Sendable () async -> Void)? = nil
  ) {
    self.waitForDownloads = waitForDownloads
    self.musicAPI = musicAPI
    self.playlistAPI = playlistAPI
    self.downloadsManager = downloadsManager
    self.favouritesManager = favouritesManager
    self.formatting = formatting
    self.rows = rows
  }

  /// Parses and runs one line; with events on, the events it caused follow its output.
  public func run(_ line: String) async -> CommandOutput {
    events = []
    var output: CommandOutput
    let started = ContinuousClock.now
    do throws(CommandError) {
      guard let command = try CommandParser.parse(line) else { return .lines([]) }
      commandHistory.append(line.trimmingCharacters(in: .whitespaces))
      output = await run(command)
    } catch {
      return .failure(error.description)
    }
    if printsTiming {
      let elapsed = ContinuousClock.now - started
      let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
      output.lines.append("time: " + String(format: "%.1f ms", milliseconds))
    }
    if printsEvents, !events.isEmpty {
      output.lines.append("events: " + events.joined(separator: " · "))
      events = []
    }
    return output
  }

  /// Runs one command.
  public func run(_ command: Command) async -> CommandOutput {
    switch command {
    case .quit:
      var output = CommandOutput.lines([])
      output.quits = true
      return output
    case .help(let topic): return .lines(Help.lines(for: topic))
    case .events(let on):
      printsEvents = on
      return .lines(["events \(on ? "on" : "off")"])
    case .timing(let on):
      printsTiming = on
      return .lines(["timing \(on ? "on" : "off")"])
    case .history:
      return .lines(commandHistory.enumerated().map { "\($0.offset + 1)  \($0.element)" })
    case .back:
      guard let previous = history.popLast() else { return .failure("There is no previous page.") }
      screen = previous.screen
      artist = previous.artist
      return .lines([previous.artist.name] + render())
    case .artists(let query): return await listArtists(matching: query)
    case .artist(let name): return await open(name)
    default: break
    }
    guard let screen else { return .failure("No artist page is open: use 'artist <name or id>' first.") }
    switch command {
    case .reload:
      await screen.reload()
      if case .failed(let reason) = screen.dataSource.state { return .failure("reload failed: \(reason)") }
      return .lines(render())
    case .sort(let mode):
      screen.dataSource.sortMode = mode
      screen.show(screen.dataSource.snapshot)
      return .lines(render())
    case .show:
      return .lines(render())
    case .wait:
      await waitForDownloads?()
      await screen.settle()
      // Let the data source's observation deliver the last changes before showing.
      for _ in 0..<5 { await Task.yield() }
      screen.show(screen.dataSource.snapshot)
      return .lines(render())
    case .select(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      screen.table.handleTap(at: indexPath)
      if let row = requestedOpen {
        requestedOpen = nil
        return await follow(row)
      }
      return .lines(render())
    case .deselect(let address):
      let target = address.flatMap { screen.indexPath(for: $0) } ?? screen.table.indexPathForSelectedRow
      guard let target else {
        return .failure(address.map { noRow($0) } ?? "No row is selected.")
      }
      guard screen.table.indexPathsForSelectedRows?.contains(target) == true else {
        return .failure("Row \(screen.number(of: target)) is not selected.")
      }
      screen.table.handleDeselectTap(at: target)
      return .lines(render())
    case .scroll(let target):
      return scroll(screen, to: target)
    case .cell(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      return .lines(CellDescription.lines(for: screen.snapshot.sections[indexPath.section].rows[indexPath.row]))
    case .actions(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      let titles = screen.table.editActions(forRowAt: indexPath).compactMap(\.title)
      return .lines(titles.isEmpty ? ["Row \(screen.number(of: indexPath)) has no actions."] : titles)
    case .action(let title, let address):
      return await perform(title, orOneOf: [], at: address, matchingCase: false)
    case .userAge(let age):
      user = User(age: age)
      screen.dataSource.user = user
      screen.show(screen.dataSource.snapshot)
      return .lines(render())
    case .download(let address): return await perform("Download", orOneOf: ["Cancel Download"], at: address)
    case .favourite(let address): return await perform("Favourite", orOneOf: [], at: address)
    case .unfavourite(let address): return await perform("Unfavourite", orOneOf: [], at: address)
    case .quit, .help, .artists, .artist, .events, .back, .timing, .history: return .lines([])
    }
  }

  // MARK: Commands

  private func listArtists(matching query: String?) async -> CommandOutput {
    do {
      let artists: [Artist]
      if let query {
        artists = try await musicAPI.artists(matching: query)
      } else {
        artists = try await musicAPI.allArtists()
      }
      if artists.isEmpty { return .lines(["No artists match '\(query ?? "")'."]) }
      return .lines(artists.map { "\($0.name) (\($0.id))" })
    } catch {
      return .failure(String(describing: error))
    }
  }

  private func scroll(_ screen: ArtistScreenController, to target: ScrollTarget) -> CommandOutput {
    let table = screen.table
    switch target {
    case .down: table.contentOffset.y += table.frame.height
    case .up: table.contentOffset.y -= table.frame.height
    case .top: table.contentOffset.y = 0
    case .bottom: table.contentOffset.y = table.contentSize.height
    case .row(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      table.scrollToRow(at: indexPath, at: .top)
    }
    return .lines(render())
  }

  /// Opens what a selected row leads to: a related artist's page (back returns).
  private func follow(_ row: ArtistCellModelType) async -> CommandOutput {
    switch row {
    case .relatedArtist(let related):
      let current = (screen, artist)
      let output = await open(related.id)
      if output.error == nil, let screen = current.0, let artist = current.1 {
        history.append((screen, artist))
      }
      return output
    case .playlist(let playlist):
      return .lines(["\(playlist.title): \(playlist.subtitle). Playlist pages are not available yet."] + render())
    case .track:
      return .lines(render())
    }
  }

  private func open(_ nameOrID: String) async -> CommandOutput {
    let found: Artist?
    do {
      if let byID = try? await musicAPI.artist(withID: Artist.ID(nameOrID)) {
        found = byID
      } else {
        let matches = try await musicAPI.artists(matching: nameOrID)
        found = matches.first { SearchFolding.fold($0.name) == SearchFolding.fold(nameOrID) } ?? matches.first
      }
    } catch {
      return .failure(String(describing: error))
    }
    guard let found else { return .failure("No artist called '\(nameOrID)'. Type 'artists' to list them.") }
    let dataSource = ArtistTableDataSource(
      artistID: found.id, musicAPI: musicAPI, downloadsManager: downloadsManager, playlistAPI: playlistAPI,
      favouritesManager: favouritesManager, formatting: formatting)
    let screen = ArtistScreenController(
      dataSource: dataSource, downloadsManager: downloadsManager, favouritesManager: favouritesManager, rows: rows)
    screen.onEvent = { [weak self] in self?.events.append($0) }
    screen.onOpen = { [weak self] in self?.requestedOpen = $0 }
    dataSource.user = user
    self.screen = screen
    artist = found
    await screen.reload()
    if case .failed(let reason) = dataSource.state { return .failure("Cannot open \(found.name): \(reason)") }
    return .lines(["\(found.name)"] + render())
  }

  private func perform(
    _ title: String, orOneOf alternatives: [String], at address: RowAddress, matchingCase: Bool = true
  ) async -> CommandOutput {
    guard let screen, let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let titles = screen.table.editActions(forRowAt: indexPath).compactMap(\.title)
    let wanted = ([title] + alternatives).map { matchingCase ? $0 : $0.lowercased() }
    guard let chosen = titles.first(where: { wanted.contains(matchingCase ? $0 : $0.lowercased()) }),
      let action = screen.table.editActions(forRowAt: indexPath).first(where: { $0.title == chosen })
    else {
      let offered = titles.isEmpty ? "none" : titles.joined(separator: ", ")
      return .failure("Row \(screen.number(of: indexPath)) does not offer '\(title)' (it offers: \(offered)).")
    }
    screen.table.handleEditAction(action, forRowAt: indexPath)
    await screen.settle()
    if let error = screen.takeActionErrors().first { return .failure(error) }
    return .lines(render())
  }

  private func noRow(_ address: RowAddress) -> String {
    let count = screen?.snapshot.cellModels.count ?? 0
    switch address {
    case .row(let row): return "There is no row \(row): the page has \(count) rows."
    case .sectionRow(let section, let row):
      return "There is no row \(section).\(row): the page has \(screen?.snapshot.sections.count ?? 0) sections."
    }
  }

  /// The visible part of the table, as lines.
  public func render() -> [String] {
    guard let screen else { return [] }
    return ScreenRenderer.lines(for: screen)
  }
}
