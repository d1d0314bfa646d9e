import Domain
import Foundation
import HumbleSupport
import Presentation
import Services
import TableKit

/// One REPL session: the services, the page open now, and the commands that drive them.
@MainActor
public final class Session {
  /// A page of the navigation stack: a page of tracks (an artist's page, a playlist's or a release's page opened
  /// from one, or the favourites) or a grid of posters (the playlists featuring an artist, or the artist's
  /// releases).
  struct Page {
    /// What a page shows.
    enum Content {
      /// Rows in a table: tracks, playlists, related artists.
      case table(ArtistScreenController)
      /// Posters in a grid.
      case grid(PosterGridController, PosterGridKind)
    }

    var content: Content
    var title: String
    /// The artist whose page this is, or whose page listed the playlist or the grid; nil for the favourites.
    var artist: Artist?

    /// The table, when the page is one of tracks.
    var screen: ArtistScreenController? {
      if case .table(let screen) = content { screen } else { nil }
    }

    /// The grid, when the page is one of posters.
    var grid: PosterGridController? {
      if case .grid(let grid, _) = content { grid } else { nil }
    }
  }

  let musicAPI: any MusicAPI
  let playlistAPI: (any PlaylistAPI)?
  let downloadsManager: any DownloadsManager
  let favouritesManager: (any FavouritesManager)?
  /// Where grids' posters get their artwork; nil when the session loads none (each poster then says why).
  let artworkLoader: (any ArtworkLoader)?
  let formatting: PresentationFormatting
  let rows: Int
  let waitForDownloads: (@Sendable () async -> Void)?
  var page: Page? {
    didSet {
      // Only the open page fetches its tracks in the background: a page left (kept for back) waits until it is
      // shown again (``ArtistTableDataSource/pausePaging()``).
      if oldValue?.screen !== page?.screen { oldValue?.screen?.dataSource.pausePaging() }
      page?.screen?.dataSource.resumePaging()
    }
  }
  var previousPages: [Page] = []
  /// The table of the page open now, if that page is one of tracks.
  public var screen: ArtistScreenController? { page?.screen }
  /// The grid of the page open now, if that page is one of posters.
  public var grid: PosterGridController? { page?.grid }
  /// The artist whose page is open (or whose page listed the open playlist, or whom the open grid is about).
  public var artist: Artist? { page?.artist }
  /// The title of the page open now: the artist's name, the playlist's, or the grid's heading.
  public var pageTitle: String? { page?.title }
  /// Lines of the events log since the last command.
  public var events: [String] = []
  /// Whether each command's output ends with the events it caused.
  public internal(set) var printsEvents = false
  /// The width and colour of what the session draws.
  public var renderOptions = RenderOptions()
  /// Receives, between commands, the lines of rows that changed on their own (a download's progress, a
  /// favourite set elsewhere), or the grid redrawn when a displayed poster's artwork arrived, at most once per
  /// ``liveOutputInterval``.
  public var onLiveOutput: (([String]) -> Void)?
  /// How long live changes are gathered before ``onLiveOutput`` shows them.
  public var liveOutputInterval: Duration {
    get { liveOutput.interval }
    set {
      liveOutput.interval = newValue
      liveArtwork.interval = newValue
    }
  }
  /// Every artist's name in the catalog, loaded for Tab completion.
  public let artistNames: ArtistNameSource
  var requestedOpen: RowDestination?
  var requestedPosterOpen: PosterDestination?
  var user = User.adult
  var printsTiming = false
  private(set) var history = CommandHistory(limit: Session.historyLimit)
  /// How many commands `history` keeps, as a shell's HISTSIZE does.
  public nonisolated static let historyLimit = 1_000
  private var isRunningCommand = false
  /// How long live row changes and live artwork are gathered unless ``liveOutputInterval`` says otherwise.
  private static let defaultLiveOutputInterval = Duration.milliseconds(150)
  private lazy var liveOutput = LiveOutputThrottle<ArtistCellModelType.ID>(interval: Self.defaultLiveOutputInterval) {
    [weak self] ids in self?.showLiveChanges(ids)
  }
  private lazy var liveArtwork = LiveOutputThrottle<PosterCellModel.ID>(interval: Self.defaultLiveOutputInterval) {
    [weak self] ids in self?.showLiveArtwork(ids)
  }

  /// The page sizes an artist page opened from now on asks its catalog for: pages that double by default; a
  /// server's catalog takes ``TrackPaging/firstScreenThenLargest``.
  public var trackPaging = TrackPaging()

  /// Creates a session over services, with a viewport of `rows` rows; grids load their posters' artwork from
  /// `artworkLoader` (with none, each poster shows its placeholder and says it has no loader).
  public init(
    musicAPI: any MusicAPI,
    playlistAPI: (any PlaylistAPI)?,
    downloadsManager: any DownloadsManager,
    favouritesManager: (any FavouritesManager)?,
    artworkLoader: (any ArtworkLoader)? = nil,
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
    self.artworkLoader = artworkLoader
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
    if command.declaration.needsPage, page == nil { return .failure(Self.noPageOpen) }
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

  /// Posters of a grid that changed their artwork on their own, gathered by ``liveArtwork`` until it redraws the
  /// grid; none while a command runs (its output shows the grid, or says what it was asked).
  func noteLiveArtwork(_ change: PosterGridController.ArtworkChange) {
    guard onLiveOutput != nil, !isRunningCommand else { return }
    liveArtwork.note([change.item])
  }

  private func showLiveArtwork(_ ids: [PosterCellModel.ID]) {
    guard let grid, !isRunningCommand, let onLiveOutput else { return }
    let displayed = grid.visibleIndexes.compactMap { grid.cell(at: $0)?.model?.id }
    guard ids.contains(where: displayed.contains) else { return }
    onLiveOutput(render())
  }

  // MARK: Drawing

  /// The visible part of the open page, as lines: the table's rows, or the grid's posters.
  public func render() -> [String] {
    switch page?.content {
    case .table(let screen): return ScreenRenderer.lines(for: screen, options: renderOptions)
    case .grid(let grid, _):
      fit(grid)
      return PosterGridRenderer.lines(for: grid, options: renderOptions)
    case nil: return []
    }
  }

  /// The visible page as lines (after an optional heading) and as a JSON document.
  func pageOutput(heading: String? = nil) -> CommandOutput {
    let loading = screen?.dataSource.trackLoadingText.map { "(\($0))" }
    var output = CommandOutput.lines((heading.map { [$0] } ?? []) + (loading.map { [$0] } ?? []) + render())
    switch page?.content {
    case .table(let screen): output.document["page"] = PageDocument.json(for: screen, title: page?.title ?? "")
    case .grid(let grid, let kind):
      output.document["page"] = PageDocument.json(for: grid, kind: kind, title: page?.title ?? "")
    case nil: break
    }
    return output
  }
}
