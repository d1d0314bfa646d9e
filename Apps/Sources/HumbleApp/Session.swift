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

/// One REPL session: the services, the page open now, and the commands that drive them.
@MainActor
public final class Session {
  /// A page of the navigation stack: an artist's page, or a playlist's page opened from one.
  struct Page {
    var screen: ArtistScreenController
    var title: String
    /// The artist whose page this is, or whose page listed the playlist.
    var artist: Artist
  }

  private let musicAPI: any MusicAPI
  private let playlistAPI: (any PlaylistAPI)?
  private let downloadsManager: any DownloadsManager
  private let favouritesManager: (any FavouritesManager)?
  private let formatting: PresentationFormatting
  private let rows: Int
  private let waitForDownloads: (@Sendable () async -> Void)?
  private var page: Page?
  private var previousPages: [Page] = []
  /// The screen open now, if any.
  public var screen: ArtistScreenController? { page?.screen }
  /// The artist whose page is open (or whose page listed the open playlist).
  public var artist: Artist? { page?.artist }
  /// The title of the page open now: the artist's name, or the playlist's.
  public var pageTitle: String? { page?.title }
  /// Lines of the events log since the last command.
  public var events: [String] = []
  /// Whether each command's output ends with the events it caused.
  public private(set) var printsEvents = false
  /// The width and colour of what the session draws.
  public var renderOptions = RenderOptions()
  /// Receives, between commands, the lines of rows that changed on their own (a download's progress, a
  /// favourite set elsewhere), at most once per ``liveOutputInterval``.
  public var onLiveOutput: (([String]) -> Void)?
  /// How long live changes are gathered before ``onLiveOutput`` shows them.
  public var liveOutputInterval: Duration = .milliseconds(150)
  /// Every artist's name, once ``artistNames()`` has asked the catalog; used for completion.
  public private(set) var knownArtistNames: [String] = []
  private var requestedOpen: RowDestination?
  private var user = User.adult
  private var printsTiming = false
  private var commandHistory: [String] = []
  /// How many of the oldest commands `history` no longer keeps (it keeps ``historyLimit``).
  private var forgottenCommands = 0
  /// How many commands `history` keeps, as a shell's HISTSIZE does.
  public nonisolated static let historyLimit = 1_000
  private var isRunningCommand = false
  private var pendingLiveRows: [ArtistCellModelType.ID] = []
  private var liveFlush: Task<Void, Never>?

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

  isolated deinit {
    liveFlush?.cancel()
  }

  /// Parses and runs one line; with events on, the events it caused follow its output.
  public func run(_ line: String) async -> CommandOutput {
    events = []
    var output: CommandOutput
    let started = ContinuousClock.now
    do throws(CommandError) {
      guard let command = try CommandParser.parse(line) else { return .lines([]) }
      commandHistory.append(line.trimmingCharacters(in: .whitespaces))
      if commandHistory.count > Self.historyLimit {
        commandHistory.removeFirst()
        forgottenCommands += 1
      }
      output = await run(command)
    } catch {
      return .failure(TerminalText.visible(error.description))
    }
    if printsTiming {
      let elapsed = ContinuousClock.now - started
      let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
      output.lines.append("time: " + String(format: "%.1f ms", milliseconds))
      output.document["milliseconds"] = .double((milliseconds * 10).rounded() / 10)
    }
    if printsEvents, !events.isEmpty {
      output.lines.append("events: " + events.joined(separator: " · "))
      output.document["events"] = .array(events.map(JSONValue.string))
      events = []
    }
    return Self.visible(output, keepingColour: renderOptions.usesColour)
  }

  /// The output with control characters shown as escapes: text from a catalog or from the line typed must not
  /// steer the terminal or break the one-line error.
  private static func visible(_ output: CommandOutput, keepingColour: Bool) -> CommandOutput {
    var output = output
    output.lines = output.lines.map { TerminalText.visible($0, keepingColour: keepingColour) }
    output.error = output.error.map { TerminalText.visible($0) }
    return output
  }

  /// Runs one command.
  public func run(_ command: Command) async -> CommandOutput {
    isRunningCommand = true
    defer { isRunningCommand = false }
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
      var output = CommandOutput.lines(
        commandHistory.enumerated().map { "\($0.offset + forgottenCommands + 1)  \($0.element)" })
      output.document["history"] = .array(commandHistory.map(JSONValue.string))
      return output
    case .back:
      guard let previous = previousPages.popLast() else { return .failure("There is no previous page.") }
      page = previous
      // As a table view controller does when it reappears (clearsSelectionOnViewWillAppear): no delegate calls.
      for indexPath in previous.screen.table.indexPathsForSelectedRows ?? [] {
        previous.screen.table.deselectRow(at: indexPath, animated: false)
      }
      return pageOutput(heading: previous.title)
    case .artists(let query): return await listArtists(matching: query)
    case .artist(let name): return await open(name)
    default: break
    }
    guard let screen else { return .failure("No artist page is open: use 'artist <name or id>' first.") }
    switch command {
    case .reload:
      await screen.reload()
      if case .failed(let reason) = screen.dataSource.state { return .failure("reload failed: \(reason)") }
      return pageOutput()
    case .sort(let mode):
      screen.dataSource.sortMode = mode
      screen.showReordered(screen.dataSource.snapshot)
      return pageOutput()
    case .show:
      return pageOutput()
    case .wait:
      await screen.dataSource.waitUntilLoaded()
      if Task.isCancelled { return .failure("wait: interrupted; the tracks go on loading.") }
      // Ctrl-C (cancelling this task) ends the wait at once; the downloads go on.
      if let waitForDownloads, !(await CancellableWait.until(waitForDownloads)) {
        return .failure("wait: interrupted; the downloads go on.")
      }
      await screen.finishPerformedActions()
      // Let the data source's observation deliver the last changes before showing.
      for _ in 0..<5 { await Task.yield() }
      screen.show(screen.dataSource.snapshot)
      return pageOutput()
    case .select(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      screen.table.handleTap(at: indexPath)
      if let destination = requestedOpen {
        requestedOpen = nil
        return await follow(destination)
      }
      return pageOutput()
    case .deselect(let address):
      let target = address.flatMap { screen.indexPath(for: $0) } ?? screen.table.indexPathForSelectedRow
      guard let target else {
        return .failure(address.map { noRow($0) } ?? "No row is selected.")
      }
      guard screen.table.indexPathsForSelectedRows?.contains(target) == true else {
        return .failure("Row \(screen.number(of: target)) is not selected.")
      }
      screen.table.handleDeselectTap(at: target)
      return pageOutput()
    case .scroll(let target):
      return scroll(screen, to: target)
    case .cell(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      let row = screen.snapshot.sections[indexPath.section].rows[indexPath.row]
      var output = CommandOutput.lines(CellDescription.lines(for: row))
      output.document["cell"] = CellDescription.json(for: row)
      output.document["row"] = .int(screen.number(of: indexPath))
      return output
    case .actions(let address):
      guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
      let titles = screen.table.editActions(forRowAt: indexPath).compactMap(\.title)
      var output = CommandOutput.lines(
        titles.isEmpty ? ["Row \(screen.number(of: indexPath)) has no actions."] : titles)
      output.document["actions"] = .array(titles.map(JSONValue.string))
      output.document["row"] = .int(screen.number(of: indexPath))
      return output
    case .action(let title, let address):
      return await perform(TrackAction(title: title).map { [$0] } ?? [], named: title, at: address)
    case .userAge(let age):
      user = User(age: age)
      screen.dataSource.user = user
      screen.show(screen.dataSource.snapshot)
      return pageOutput()
    case .download(let address):
      return await perform([.download, .cancelDownload], named: TrackAction.download.title, at: address)
    case .favourite(let address): return await perform([.favourite], named: TrackAction.favourite.title, at: address)
    case .unfavourite(let address):
      return await perform([.unfavourite], named: TrackAction.unfavourite.title, at: address)
    case .quit, .help, .artists, .artist, .events, .back, .timing, .history: return .lines([])
    }
  }

  /// Every artist's name in the catalog (asked once, then remembered), for completion.
  @discardableResult
  public func artistNames() async -> [String] {
    if knownArtistNames.isEmpty, let artists = try? await musicAPI.allArtists() {
      knownArtistNames = artists.map(\.name)
    }
    return knownArtistNames
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
      if artists.isEmpty { return .lines(["No artists match \(TerminalText.quoted(query ?? ""))."]) }
      var output = CommandOutput.lines(artists.map { "\($0.name) (\($0.id))" })
      output.document["artists"] = .array(
        artists.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) })
      return output
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
    return pageOutput()
  }

  /// Opens the page a selected row leads to: a related artist's or a playlist's (back returns).
  private func follow(_ destination: RowDestination) async -> CommandOutput {
    switch destination {
    case .openArtist(let id):
      let current = page
      let output = await open(id.rawValue)
      if output.error == nil, let current { previousPages.append(current) }
      return output
    case .openPlaylist(let id, let title):
      guard let current = page, let playlistAPI else { return pageOutput() }
      let playlist: Playlist
      do {
        playlist = try await playlistAPI.playlist(withID: id)
      } catch .playlistNotFound {
        return .failure("Cannot open \(title): it is no longer in the catalog.")
      } catch {
        return .failure("Cannot open \(title): \(error)")
      }
      let pageAPI = PlaylistPageAPI(base: musicAPI, playlistAPI: playlistAPI, playlist: playlist)
      let output = await show(
        Page(
          screen: makeScreen(pageID: pageAPI.pageID, musicAPI: pageAPI, playlistAPI: nil), title: playlist.name,
          artist: current.artist),
        failure: "Cannot open \(playlist.name)")
      if output.error == nil { previousPages.append(current) }
      return output
    case .playTrack:
      return pageOutput()
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
    guard let found else {
      return .failure("No artist called \(TerminalText.quoted(nameOrID)). Type 'artists' to list them.")
    }
    return await show(
      Page(
        screen: makeScreen(pageID: found.id, musicAPI: musicAPI, playlistAPI: playlistAPI), title: found.name,
        artist: found),
      failure: "Cannot open \(found.name)")
  }

  private func makeScreen(
    pageID: Artist.ID, musicAPI: any MusicAPI, playlistAPI: (any PlaylistAPI)?
  ) -> ArtistScreenController {
    let dataSource = ArtistTableDataSource(
      artistID: pageID, musicAPI: musicAPI, downloadsManager: downloadsManager, playlistAPI: playlistAPI,
      favouritesManager: favouritesManager, user: user, formatting: formatting)
    let screen = ArtistScreenController(dataSource: dataSource, rows: rows)
    screen.onEvent = { [weak self] in self?.events.append($0) }
    screen.onOpen = { [weak self] in self?.requestedOpen = $0 }
    screen.onLiveChange = { [weak self, weak screen] ids in
      guard let self, let screen, self.screen === screen else { return }
      self.noteLiveChange(ids)
    }
    return screen
  }

  /// Loads a page and, once it has loaded, makes it the open one: a page that fails to load leaves the
  /// open page as it was.
  private func show(_ next: Page, failure: String) async -> CommandOutput {
    await next.screen.reload()
    if case .failed(let reason) = next.screen.dataSource.state { return .failure("\(failure): \(reason)") }
    page = next
    return pageOutput(heading: next.title)
  }

  /// Performs the first of `wanted` that the row offers, through the table as a swipe would; `name` is what
  /// the error says was asked for when the row offers none of them.
  private func perform(_ wanted: [TrackAction], named name: String, at address: RowAddress) async -> CommandOutput {
    guard let screen, let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let offered = screen.table.editActions(forRowAt: indexPath)
    guard let chosen = offered.first(where: { action in wanted.contains { $0.title == action.title } }) else {
      let titles = offered.compactMap(\.title)
      let list = titles.isEmpty ? "none" : titles.joined(separator: ", ")
      return .failure(
        "Row \(screen.number(of: indexPath)) does not offer \(TerminalText.quoted(name)) (it offers: \(list)).")
    }
    screen.table.handleEditAction(chosen, forRowAt: indexPath)
    await screen.finishPerformedActions()
    if let error = screen.takeActionErrors().first { return .failure(error) }
    return pageOutput()
  }

  private func noRow(_ address: RowAddress) -> String {
    let count = screen?.rowCount ?? 0
    switch address {
    case .row(let row): return "There is no row \(row): the page has \(count) rows."
    case .sectionRow(let section, let row):
      return "There is no row \(section).\(row): the page has \(screen?.snapshot.sections.count ?? 0) sections."
    }
  }

  // MARK: Live changes

  private func noteLiveChange(_ ids: [ArtistCellModelType.ID]) {
    guard onLiveOutput != nil, !isRunningCommand else { return }
    for id in ids where !pendingLiveRows.contains(id) { pendingLiveRows.append(id) }
    guard liveFlush == nil else { return }
    liveFlush = Task { [weak self, interval = liveOutputInterval] in
      try? await Task.sleep(for: interval)
      self?.flushLiveChanges()
    }
  }

  private func flushLiveChanges() {
    liveFlush = nil
    let ids = pendingLiveRows
    pendingLiveRows = []
    guard let screen, !isRunningCommand, let onLiveOutput else { return }
    let lines = ids.compactMap { id in
      screen.indexPath(ofRowWithID: id).map { ScreenRenderer.line(for: screen, at: $0, options: renderOptions) }
    }
    if !lines.isEmpty { onLiveOutput(lines) }
  }

  // MARK: Drawing

  /// The visible part of the table, as lines.
  public func render() -> [String] {
    guard let screen else { return [] }
    return ScreenRenderer.lines(for: screen, options: renderOptions)
  }

  /// The visible page as lines (after an optional heading) and as a JSON document.
  private func pageOutput(heading: String? = nil) -> CommandOutput {
    let loading = screen?.dataSource.trackLoadingText.map { "(\($0))" }
    var output = CommandOutput.lines((heading.map { [$0] } ?? []) + (loading.map { [$0] } ?? []) + render())
    if let screen, let page { output.document["page"] = PageDocument.json(for: screen, title: page.title) }
    return output
  }
}
