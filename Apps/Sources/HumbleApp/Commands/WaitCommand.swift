extension CommandDeclaration {
  /// `wait`: wait until the page's tracks have all arrived and running downloads finish, then show the page.
  static let wait = CommandDeclaration(
    name: "wait", summary: "wait until the page's tracks and running downloads are in, then show the page",
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
