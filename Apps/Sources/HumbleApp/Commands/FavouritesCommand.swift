import Presentation

extension CommandDeclaration {
  /// `favourites`: open the page of every favourite track, which follows the favourites as they change.
  static let favourites = CommandDeclaration(
    name: "favourites", summary: "open the page of every favourite track (it follows them live)", needsPage: false
  ) { _ in .favourites }
}

extension Session {
  /// Opens the favourites' page on top of the open page (back returns to it).
  func openFavourites() async -> CommandOutput {
    guard let favouritesManager else { return .failure("favourites: this catalog keeps no favourites.") }
    return await open(
      PageRequest(
        title: "Favourites", artist: nil,
        source: .favourites(musicAPI: musicAPI, favouritesManager: favouritesManager),
        failure: "Cannot open the favourites"),
      keepingTheOpenPageForBack: true)
  }
}
