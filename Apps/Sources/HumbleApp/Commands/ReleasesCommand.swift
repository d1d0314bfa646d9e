extension CommandDeclaration {
  /// `releases`: open a grid of the open page's artist's releases.
  static let releases = CommandDeclaration(
    name: "releases", summary: "open a grid of the open page's artist's releases (back returns)", needsPage: true
  ) { _ in .releases }
}
