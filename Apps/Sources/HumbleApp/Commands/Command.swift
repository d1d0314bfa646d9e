import Presentation

/// A command of the REPL, parsed from one line.
public enum Command: Hashable, Sendable {
  /// `artists [query]`: list artists, optionally only those matching.
  case artists(query: String?)
  /// `artist <name or id>`: open an artist's page.
  case artist(String)
  /// `favourites`: open the page of every favourite track, which follows the favourites as they change.
  case favourites
  /// `playlists`: open a grid of the playlists featuring the open page's artist.
  case playlists
  /// `releases`: open a grid of the open page's artist's releases.
  case releases
  /// `reload`: fetch the page again.
  case reload
  /// `sort <mode>`: order the tracks.
  case sort(TrackSortMode)
  /// `show`: print the visible part of the page: the table's rows, or the grid's posters.
  case show
  /// `select <row>`: tap a row, or a grid's poster.
  case select(RowAddress)
  /// `download <row>`: perform the row's Download action.
  case download(RowAddress)
  /// `favourite <row>`: perform the row's Favourite action.
  case favourite(RowAddress)
  /// `unfavourite <row>`: perform the row's Unfavourite action.
  case unfavourite(RowAddress)
  /// `deselect [row]`: deselect a row as a user would (the selected one when no row is given).
  case deselect(RowAddress?)
  /// `scroll down|up|top|bottom` or `scroll to <row>`: by rows, or by lines of posters.
  case scroll(ScrollTarget)
  /// `cell <row>`: the cell model bound to a row (or a poster and its artwork's state), field by field.
  case cell(RowAddress)
  /// `actions <row>`: the row's edit actions.
  case actions(RowAddress)
  /// `action <title> <row>`: perform one of the row's edit actions through the table view.
  case action(title: String, row: RowAddress)
  /// `user age <n>`: the viewer's age.
  case userAge(Int)
  /// `events on|off`: print delegate calls, notifications and batch updates as they happen.
  case events(Bool)
  /// `back`: return to the previous page.
  case back
  /// `timing on|off`: print how long each command took.
  case timing(Bool)
  /// `history`: the commands run so far.
  case history
  /// `wait`: wait until the page's tracks have all arrived and running downloads finish (or, on a grid, until its
  /// artwork has), then show the page.
  case wait
  /// `help [command]`.
  case help(String?)
  /// `quit` or `exit`.
  case quit
}

// Each command is declared and carried out in its own file (`<Name>Command.swift`: a `CommandDeclaration` and a
// `Session` method); here it has its case above, its place in the list below, and one line in each switch. The
// switches have no `default`: a case that is not declared or not carried out does not compile.
extension CommandDeclaration {
  /// Every command, in the order `help` and the README list them.
  public static let all: [CommandDeclaration] = [
    .artists, .artist, .favourites, .playlists, .releases, .reload, .sort, .show, .select, .deselect, .scroll, .cell,
    .actions, .action, .download, .favourite, .unfavourite, .user, .events, .back, .timing, .history, .wait, .help,
    .quit,
  ]
}

extension Command {
  /// The command's declaration.
  public var declaration: CommandDeclaration {
    switch self {
    case .artists: .artists
    case .artist: .artist
    case .favourites: .favourites
    case .playlists: .playlists
    case .releases: .releases
    case .reload: .reload
    case .sort: .sort
    case .show: .show
    case .select: .select
    case .deselect: .deselect
    case .scroll: .scroll
    case .cell: .cell
    case .actions: .actions
    case .action: .action
    case .download: .download
    case .favourite: .favourite
    case .unfavourite: .unfavourite
    case .userAge: .user
    case .events: .events
    case .back: .back
    case .timing: .timing
    case .history: .history
    case .wait: .wait
    case .help: .help
    case .quit: .quit
    }
  }
}

extension Session {
  /// Carries out a command through its implementation; ``Session/run(_:)-(Command)`` has already refused a
  /// command that needs a page when none is open.
  func perform(_ command: Command) async -> CommandOutput {
    switch command {
    case .artists(let query): return await listArtists(matching: query)
    case .artist(let nameOrID): return await openArtist(nameOrID)
    case .favourites: return await openFavourites()
    case .playlists: return await openGrid(.playlists, of: .playlists)
    case .releases: return await openGrid(.releases, of: .releases)
    case .reload: return await onPage(table: { await reload($0) }, grid: { await reload($0) })
    case .sort(let mode): return await onTracks(command) { sort(by: mode, on: $0) }
    case .show: return await onPage(table: { _ in pageOutput() }, grid: { _ in pageOutput() })
    case .select(let address):
      return await onPage(table: { await select(address, on: $0) }, grid: { await select(address, on: $0) })
    case .deselect(let address): return await onTracks(command) { deselect(address, on: $0) }
    case .scroll(let target): return await onPage(table: { scroll($0, to: target) }, grid: { scroll($0, to: target) })
    case .cell(let address):
      return await onPage(table: { describeCell(at: address, on: $0) }, grid: { describePoster(at: address, on: $0) })
    case .actions(let address): return await onTracks(command) { listActions(at: address, on: $0) }
    case .action(let title, let address):
      return await onTracks(command) { await performAction(titled: title, at: address, on: $0) }
    case .download(let address):
      return await onTracks(command) { await perform([.download, .cancelDownload], at: address, on: $0) }
    case .favourite(let address): return await onTracks(command) { await perform([.favourite], at: address, on: $0) }
    case .unfavourite(let address):
      return await onTracks(command) { await perform([.unfavourite], at: address, on: $0) }
    case .userAge(let age):
      return await onPage(table: { setUserAge(age, on: $0) }, grid: { _ in setUserAge(age) })
    case .events(let on): return showEvents(on)
    case .back: return goBack()
    case .timing(let on): return showTiming(on)
    case .history: return listHistory()
    case .wait: return await onPage(table: { await wait(on: $0) }, grid: { await wait(on: $0) })
    case .help(let topic): return .lines(Help.lines(for: topic))
    case .quit: return quit()
    }
  }

  /// Runs a command on the open page, whichever kind it is: a table of rows or a grid of posters.
  private func onPage(
    table: (ArtistScreenController) async -> CommandOutput, grid: (PosterGridController) async -> CommandOutput
  ) async -> CommandOutput {
    switch page?.content {
    case .table(let screen): return await table(screen)
    case .grid(let posters, _): return await grid(posters)
    case nil: return .failure(Self.noPageOpen)
    }
  }

  /// Runs a command that works on a page of tracks only; on a grid it fails in one line saying so.
  private func onTracks(
    _ command: Command, _ body: (ArtistScreenController) async -> CommandOutput
  ) async -> CommandOutput {
    await onPage(table: body, grid: { _ in .failure(Self.onlyOnTracks(command.declaration)) })
  }
}

/// Where `scroll` goes.
public enum ScrollTarget: Hashable, Sendable {
  /// One viewport down.
  case down
  /// One viewport up.
  case up
  /// The first row.
  case top
  /// The last row.
  case bottom
  /// A row, brought to the top.
  case row(RowAddress)
}

/// A row as the screen numbers it: `3` (a row of the whole page, counted from 1) or `2.1` (section 2,
/// row 1, both counted from 1).
public enum RowAddress: Hashable, Sendable {
  /// A row counted from 1 across the whole page.
  case row(Int)
  /// A section and a row within it, both counted from 1.
  case sectionRow(section: Int, row: Int)
}
