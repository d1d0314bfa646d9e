import CollectionKit
import Domain
import Foundation
import Presentation
import Services

/// Which grid of posters a page shows.
enum PosterGridKind: String, Hashable, Sendable {
  /// The playlists featuring an artist.
  case playlists
  /// An artist's releases.
  case releases

  /// The grid's heading, which is its page's title: "Playlists featuring Oasis", "Releases of Oasis".
  func title(for artist: Artist) -> String {
    switch self {
    case .playlists: "Playlists featuring \(artist.name)"
    case .releases: "Releases of \(artist.name)"
    }
  }

  /// What the error line says before the reason, when the grid does not load.
  func failure(for artist: Artist) -> String {
    switch self {
    case .playlists: "Cannot open the playlists featuring \(artist.name)"
    case .releases: "Cannot open the releases of \(artist.name)"
    }
  }
}

// Grid pages: opening one over the open page's artist, following a selected poster to a page of tracks, and the
// grid's size in the terminal. A grid that fails to load leaves the open page as it was.
extension Session {
  /// How many columns a grid is laid out in when the output is not a terminal (``RenderOptions/width`` is nil):
  /// a table's lines are then as long as they need, but a grid must wrap its posters somewhere.
  public static let gridWidthWhenNotATerminal = 80

  /// Opens a grid of posters about the open page's artist on top of the open page (back returns to it).
  func openGrid(_ kind: PosterGridKind, of command: CommandDeclaration) async -> CommandOutput {
    guard let artist = page?.artist else {
      return .failure("\(command.name): the open page has no artist; open one with 'artist <name or id>' first.")
    }
    let source: PosterSource
    switch kind {
    case .playlists:
      guard let playlistAPI else { return .failure("\(command.name): this catalog has no playlists.") }
      source = .playlists(featuring: artist.id, playlistAPI: playlistAPI)
    case .releases:
      source = .releases(of: artist, musicAPI: musicAPI)
    }
    let grid = makeGrid(source: source)
    let next = Page(content: .grid(grid, kind), title: kind.title(for: artist), artist: artist)
    return await keepingTheOpenPageForBack { [self] in
      await grid.reload()
      if case .failed(let error) = grid.dataSource.state { return .failure(kind.failure(for: artist), error) }
      page = next
      return pageOutput(heading: next.title)
    }
  }

  /// Opens the page of tracks a selected poster leads to: the playlist's or the release's (back returns to the
  /// grid).
  func follow(_ destination: PosterDestination) async -> CommandOutput {
    let request: PageRequest
    switch destination {
    case .openPlaylist(let id, let title):
      guard let playlistAPI else { return pageOutput() }
      request = .playlist(id, title: title, artist: page?.artist, playlistAPI: playlistAPI)
    case .openRelease(let id, let title):
      request = PageRequest(
        title: title, artist: page?.artist, source: .release(id, musicAPI: musicAPI, formatting: formatting),
        failure: "Cannot open \(title)")
    }
    return await open(request, keepingTheOpenPageForBack: true)
  }

  func makeGrid(source: PosterSource) -> PosterGridController {
    let size = gridSize
    let grid = PosterGridController(
      dataSource: PosterGridDataSource(source: source, formatting: formatting),
      loader: artworkLoader ?? NoArtworkLoader(), width: size.width, height: size.height)
    grid.onOpen = { [weak self] in self?.requestedPosterOpen = $0 }
    grid.onArtworkChange = { [weak self, weak grid] change in
      guard let self, let grid, self.grid === grid else { return }
      self.noteLiveArtwork(change)
    }
    return grid
  }

  /// The size a grid is laid out in: the terminal's width (``gridWidthWhenNotATerminal`` when the output is not
  /// one), and the session's viewport of ``rows`` lines, but never lower than one line of posters.
  var gridSize: (width: Int, height: Int) {
    (renderOptions.width ?? Self.gridWidthWhenNotATerminal, max(rows, PosterGridController.Metrics().posterHeight))
  }

  /// Gives `grid` the session's grid size if it has another (the terminal was resized since it was drawn),
  /// keeping the poster at the top left of its viewport in view.
  func fit(_ grid: PosterGridController) {
    let size = gridSize
    let frame = grid.collectionView.frame
    guard Int(frame.width) != size.width || Int(frame.height) != size.height else { return }
    let firstShown = grid.topLine * grid.columns
    grid.resize(width: size.width, height: size.height)
    grid.scroll(toLine: grid.line(ofPosterAt: firstShown))
  }

  /// The index of the poster a command names: `3` is the third poster as drawn, and `1.3` too (a grid has one
  /// section); nil when the grid has no such poster.
  func posterIndex(_ address: RowAddress, in grid: PosterGridController) -> Int? {
    let number: Int
    switch address {
    case .row(let row): number = row
    case .sectionRow(let section, let row):
      guard section == 1 else { return nil }
      number = row
    }
    return number >= 1 && number <= grid.posterCount ? number - 1 : nil
  }

  /// The one-line error for a poster that is not in the grid, as tables give for a row.
  func noPoster(_ address: RowAddress, in grid: PosterGridController) -> String {
    switch address {
    case .row(let row): return "There is no poster \(row): the grid has \(grid.posterCount) posters."
    case .sectionRow(let section, let row):
      return "There is no poster \(section).\(row): the grid has 1 section of \(grid.posterCount) posters."
    }
  }
}

/// The loader of a session that was given none: every poster with artwork says so, in one line.
struct NoArtworkLoader: ArtworkLoader {
  func artwork(for url: URL) async throws(ArtworkLoadError) -> Artwork {
    throw .unreachable(url, reason: "this session loads no artwork")
  }
}
