import Domain
import Presentation
import Services

// The page stack: opening an artist's page (by name or ID), following a selected row to a playlist's or a related
// artist's page, and making each page's screen. A page that fails to load leaves the open page as it was.
extension Session {
  /// Opens the page a selected row leads to: a related artist's or a playlist's (back returns).
  func follow(_ destination: RowDestination) async -> CommandOutput {
    switch destination {
    case .openArtist(let id):
      return await keepingThePageForBack { await open(id.rawValue) }
    case .openPlaylist(let id, let title):
      guard let current = page, let playlistAPI else { return pageOutput() }
      let next = Page(
        screen: makeScreen(source: .playlist(id, playlistAPI: playlistAPI)), title: title, artist: current.artist)
      return await keepingThePageForBack { await show(next, failure: "Cannot open \(title)") }
    case .playTrack:
      return pageOutput()
    }
  }

  /// Opens the favourites' page on top of the open page (back returns to it).
  func openFavourites() async -> CommandOutput {
    guard let favouritesManager else { return .failure("favourites: this catalog keeps no favourites.") }
    let source = TrackSource.favourites(musicAPI: musicAPI, favouritesManager: favouritesManager)
    let next = Page(screen: makeScreen(source: source), title: "Favourites", artist: nil)
    return await keepingThePageForBack { await show(next, failure: "Cannot open the favourites") }
  }

  /// Opens a page with `opening` and, when it opened, keeps the page that was open for `back`.
  private func keepingThePageForBack(_ opening: () async -> CommandOutput) async -> CommandOutput {
    let current = page
    let output = await opening()
    if output.error == nil, let current { previousPages.append(current) }
    return output
  }

  func open(_ nameOrID: String) async -> CommandOutput {
    let found: Artist?
    do throws(MusicAPIError) {
      if let byID = try? await musicAPI.artist(withID: Artist.ID(nameOrID)) {
        found = byID
      } else {
        let matches = try await musicAPI.artists(matching: nameOrID)
        found = matches.first { SearchFolding.fold($0.name) == SearchFolding.fold(nameOrID) } ?? matches.first
      }
    } catch {
      return .failure(error)
    }
    guard let found else {
      return .failure("No artist called \(TerminalText.quoted(nameOrID)). Type 'artists' to list them.")
    }
    return await show(
      Page(
        screen: makeScreen(source: .artist(found.id, musicAPI: musicAPI, playlistAPI: playlistAPI)),
        title: found.name, artist: found),
      failure: "Cannot open \(found.name)")
  }

  func makeScreen(source: TrackSource) -> ArtistScreenController {
    let dataSource = ArtistTableDataSource(
      source: source, downloadsManager: downloadsManager, favouritesManager: favouritesManager, user: user,
      formatting: formatting)
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
  func show(_ next: Page, failure: String) async -> CommandOutput {
    await next.screen.reload()
    if case .failed(let error) = next.screen.dataSource.state { return .failure(failure, error) }
    page = next
    return pageOutput(heading: next.title)
  }
}
