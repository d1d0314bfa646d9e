import Domain
import Foundation
import HumbleSupport
import Presentation
import Services
import TableKit

/// One REPL session: the services, the page open now, and the commands that drive them.
@MainActor
public final class Session {
  /// A page of the navigation stack: an artist's page, a playlist's page opened from one, or the favourites.
  struct Page {
    var screen: ArtistScreenController
    var title: String
    /// The artist whose page this is, or whose page listed the playlist; nil for the favourites.
    var artist: Artist?
  }

  let musicAPI: any MusicAPI
  let playlistAPI: (any PlaylistAPI)?
  let downloadsManager: any DownloadsManager
  let favouritesManager: (any FavouritesManager)?
  let formatting: PresentationFormatting
  let rows: Int
  let waitForDownloads: (@Sendable () async -> Void)?
  var page: Page?
  var previousPages: [Page] = []
  /// The screen open now, if any.
  public var screen: ArtistScreenController? { page?.screen }
  /// The artist whose page is open (or whose page listed the open playlist).
  public var artist: Artist? { page?.artist }
  /// The title of the page open now: the artist's name, or the playlist's.
  public var pageTitle: String? { page?.title }
  /// Lines of the events log since the last command.
  public var events: [String] = []
  /// Whether each command's output ends with the events it caused.
  public internal(set) var printsEvents = false
  /// The width and colour of what the session draws.
  public var renderOptions = RenderOptions()
  /// Receives, between commands, the lines of rows that changed on their own (a download's progress, a
  /// favourite set elsewhere), at most once per ``liveOutputInterval``.
  public var onLiveOutput: (([String]) -> Void)?
  /// How long live changes are gathered before ``onLiveOutput`` shows them.
  public var liveOutputInterval: Duration {
    get { liveOutput.interval }
    set { liveOutput.interval = newValue }
  }
  /// Every artist's name in the catalog, loaded for Tab completion.
  public let artistNames: ArtistNameSource
  var requestedOpen: RowDestination?
  var user = User.adult
  var printsTiming = false
  private(set) var history = CommandHistory(limit: Session.historyLimit)
  /// How many commands `history` keeps, as a shell's HISTSIZE does.
  public nonisolated static let historyLimit = 1_000
  private var isRunningCommand = false
  private lazy var liveOutput = LiveOutputThrottle(interval: .milliseconds(150)) { [weak self] ids in
    self?.showLiveChanges(ids)
  }

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
    artistNames = ArtistNameSource(musicAPI: musicAPI)
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
      history.record(line)
      output = await run(command)
    } catch {
      return .failure(TerminalText.visible(error.description))
    }
    if printsTiming {
      let elapsed = ContinuousClock.now - started
      let milliseconds = elapsed.inMilliseconds
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

  /// Runs one command; one that needs an open page fails in one line when none is open.
  public func run(_ command: Command) async -> CommandOutput {
    isRunningCommand = true
    defer { isRunningCommand = false }
    if command.declaration.needsPage, screen == nil { return .failure(Self.noPageOpen) }
    return await perform(command)
  }

  /// What a command that needs an open page says when none is.
  static let noPageOpen = "No artist page is open: use 'artist <name or id>' first."

  // MARK: Live changes

  /// Rows that changed on their own, gathered by ``liveOutput`` until it shows them; none while a command runs
  /// (its output shows the page).
  func noteLiveChange(_ ids: [ArtistCellModelType.ID]) {
    guard onLiveOutput != nil, !isRunningCommand else { return }
    liveOutput.note(ids)
  }

  private func showLiveChanges(_ ids: [ArtistCellModelType.ID]) {
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
  func pageOutput(heading: String? = nil) -> CommandOutput {
    let loading = screen?.dataSource.trackLoadingText.map { "(\($0))" }
    var output = CommandOutput.lines((heading.map { [$0] } ?? []) + (loading.map { [$0] } ?? []) + render())
    if let screen, let page { output.document["page"] = PageDocument.json(for: screen, title: page.title) }
    return output
  }
}
