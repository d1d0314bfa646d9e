import Domain
import Presentation
import Services

/// A page to open: what it shows (its ``TrackSource``), its title, and the one line that says it could not open.
///
/// Every page opens through ``Session/open(_:keepingTheOpenPageForBack:)``: a new kind of page is its source
/// (in Presentation) and the command that asks for it.
struct PageRequest {
  /// The page's title, printed above it.
  var title: String
  /// The artist whose page this is, or whose page listed the playlist; nil for a page of no artist.
  var artist: Artist?
  /// Where the page's rows come from.
  var source: TrackSource
  /// What the error line says before the reason, when the page does not load.
  var failure: String

  /// An artist's page.
  static func artist(_ artist: Artist, musicAPI: any MusicAPI, playlistAPI: (any PlaylistAPI)?) -> PageRequest {
    PageRequest(
      title: artist.name, artist: artist,
      source: .artist(artist.id, musicAPI: musicAPI, playlistAPI: playlistAPI), failure: "Cannot open \(artist.name)")
  }

  /// A playlist's page, opened from a page of `artist` (a row of an artist's page, or a poster of a grid).
  static func playlist(
    _ id: Playlist.ID, title: String, artist: Artist?, playlistAPI: any PlaylistAPI
  ) -> PageRequest {
    PageRequest(
      title: title, artist: artist, source: .playlist(id, playlistAPI: playlistAPI), failure: "Cannot open \(title)")
  }
}

// The page stack: opening a page, following a selected row to a playlist's or a related artist's page, and making
// each page's screen. A page that fails to load leaves the open page as it was.
extension Session {
  /// Opens the page a selected row leads to: a related artist's or a playlist's (back returns).
  func follow(_ destination: RowDestination) async -> CommandOutput {
    switch destination {
    case .openArtist(let id):
      return await keepingTheOpenPageForBack { await openArtist(id.rawValue) }
    case .openPlaylist(let id, let title):
      guard let playlistAPI else { return pageOutput() }
      return await open(
        .playlist(id, title: title, artist: page?.artist, playlistAPI: playlistAPI), keepingTheOpenPageForBack: true)
    case .playTrack:
      return pageOutput()
    }
  }

  /// Loads a page and, once it has loaded, makes it the open one (keeping the page that was open for `back`
  /// when asked): a page that fails to load leaves the open page as it was.
  func open(_ request: PageRequest, keepingTheOpenPageForBack keeps: Bool = false) async -> CommandOutput {
    let screen = makeScreen(source: request.source)
    let next = Page(content: .table(screen), title: request.title, artist: request.artist)
    let opening = { [self] () async -> CommandOutput in
      await screen.reload()
      if case .failed(let error) = screen.dataSource.state { return .failure(request.failure, error) }
      page = next
      return pageOutput(heading: next.title)
    }
    return keeps ? await keepingTheOpenPageForBack(opening) : await coveringTheOpenPage(opening)
  }

  /// Opens a page with `opening` (``coveringTheOpenPage(_:)``) and, when it opened, keeps the page that was open for
  /// `back`.
  func keepingTheOpenPageForBack(_ opening: () async -> CommandOutput) async -> CommandOutput {
    let current = page
    let output = await coveringTheOpenPage(opening)
    if output.error == nil, let current { previousPages.append(current) }
    return output
  }

  /// Runs `opening`, which loads a page and makes it the open one once it has loaded, with the open page's
  /// background paging paused meanwhile.
  ///
  /// The open page's batches would rebuild rows on the main actor that the page loading needs for its first
  /// screen. A page that fails to open leaves the open page fetching again.
  func coveringTheOpenPage(_ opening: () async -> CommandOutput) async -> CommandOutput {
    let covered = page?.screen
    covered?.dataSource.pausePaging()
    let output = await opening()
    if let covered, covered === page?.screen { covered.dataSource.resumePaging() }
    return output
  }

  func makeScreen(source: TrackSource) -> ArtistScreenController {
    let dataSource = ArtistTableDataSource(
      source: source, downloadsManager: downloadsManager, favouritesManager: favouritesManager, user: user,
      formatting: formatting, trackPaging: trackPaging)
    let screen = ArtistScreenController(dataSource: dataSource, rows: rows)
    screen.onEvent = { [weak self] in self?.events.append($0) }
    screen.onOpen = { [weak self] in self?.requestedOpen = $0 }
    screen.onLiveChange = { [weak self, weak screen] ids in
      guard let self, let screen, self.screen === screen else { return }
      self.noteLiveChange(ids)
    }
    return screen
  }
}
