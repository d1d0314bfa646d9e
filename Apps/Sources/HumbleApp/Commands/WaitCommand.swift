extension CommandDeclaration {
  /// `wait`: wait until the page's tracks have all arrived and running downloads finish (or, on a grid, until its
  /// posters and their artwork have), then show the page.
  static let wait = CommandDeclaration(
    name: "wait",
    summary: "wait until the page's tracks and running downloads (or a grid's artwork) are in, then show the page",
    needsPage: true
  ) { _ in .wait }
}

extension Session {
  /// Waits until the page's tracks are all in, the downloads have finished and the rows show it; Ctrl-C
  /// (cancelling this task) ends the wait at once, and the work goes on.
  func wait(on screen: ArtistScreenController) async -> CommandOutput {
    await screen.dataSource.waitUntilLoaded()
    if Task.isCancelled { return .failure("wait: interrupted; the tracks go on loading.") }
    if let waitForDownloads, !(await CancellableWait.until(waitForDownloads)) {
      return .failure("wait: interrupted; the downloads go on.")
    }
    await screen.finishPerformedActions()
    // The managers have settled; their last announcements may still be on their way to the page.
    await screen.dataSource.waitUntilRowsShowManagersStates()
    if Task.isCancelled { return .failure("wait: interrupted; the downloads go on.") }
    screen.show(screen.dataSource.snapshot)
    return pageOutput()
  }
}

extension Session {
  /// Waits until the grid has loaded and no artwork load is in flight (each answer shown, or its failure), at the
  /// size it is drawn in, then shows it; Ctrl-C (cancelling this task) ends the wait at once, and the loads go on.
  func wait(on grid: PosterGridController) async -> CommandOutput {
    // Drawing at another size would start loads for posters that come into view: those are waited for too.
    fit(grid)
    if grid.dataSource.state == .loading {
      for await next in grid.dataSource.updates() where next.state != .loading { break }
      if Task.isCancelled { return .failure("wait: interrupted; the posters go on loading.") }
      grid.show(grid.dataSource.snapshot)
    }
    let loads = grid.loadCount
    guard await CancellableWait.until({ await loads.waitUntilSettled() }) else {
      return .failure("wait: interrupted; the artwork goes on loading.")
    }
    return pageOutput()
  }
}
