extension CommandDeclaration {
  /// `reload`: fetch the page again.
  static let reload = CommandDeclaration(name: "reload", summary: "fetch the page again", needsPage: true) { _ in
    .reload
  }
}

extension Session {
  /// Fetches the open page again; a failure keeps the rows it had.
  func reload(_ screen: ArtistScreenController) async -> CommandOutput {
    await screen.reload()
    if case .failed(let error) = screen.dataSource.state { return .failure("reload failed", error) }
    return pageOutput()
  }
}

extension Session {
  /// Fetches the grid's posters again; a failure keeps the posters it had.
  func reload(_ grid: PosterGridController) async -> CommandOutput {
    await grid.reload()
    if case .failed(let error) = grid.dataSource.state { return .failure("reload failed", error) }
    return pageOutput()
  }
}
