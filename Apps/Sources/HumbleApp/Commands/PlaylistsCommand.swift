extension CommandDeclaration {
  /// `playlists`: open a grid of the playlists featuring the open page's artist.
  static let playlists = CommandDeclaration(
    name: "playlists", summary: "open a grid of the playlists featuring the open page's artist (back returns)",
    needsPage: true
  ) { _ in .playlists }
}
