import Domain
import Presentation
import Services
import ServicesTestSupport
import Testing

/// Waiting for the rows to show what the managers say: the signal a screen waits on once its managers have
/// settled (the REPL's `wait`), instead of hoping their announcements have arrived.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ManagerStateWaitTests {
  let page = PageFixture()

  func isFavourited(_ id: Track.ID, on dataSource: ArtistTableDataSource) -> Bool? {
    dataSource.cellModels.compactMap(\.track).first { $0.id == id }?.isFavourited
  }

  @Test func aWaitThatStartsBeforeAnAnnouncementIsShownEndsWithTheRowsShowingIt() async throws {
    page.musicAPI.returnTracksWithIds(["a", "b"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    page.favourites.holdAnnouncements()
    try await page.favourites.setFavourited(true, trackID: "b")
    // Sent now, shown only once this test lets the main actor go: the wait starts with the row behind.
    page.favourites.releaseHeldAnnouncements()
    #expect(isFavourited("b", on: dataSource) == false, "the announcement has not reached the page yet")
    await dataSource.waitUntilRowsShowManagersStates()
    #expect(isFavourited("b", on: dataSource) == true)
    #expect(dataSource.snapshot.cellModels.first?.track?.id == "b", "pinned first, and published")
  }

  @Test func aWaitForRowsThatAlreadyShowTheManagersEndsAtOnce() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    page.downloads.setState(.failed(reason: "gone"), for: "a")
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    await dataSource.waitUntilRowsShowManagersStates()
    #expect(dataSource.cellModels.first?.track?.downloadStatus == .failed(message: "Download failed: gone"))
  }

  @Test func aDownloadThatEndsWhileTheRowShowsItRunningIsShownEndedWhenTheWaitEnds() async throws {
    page.musicAPI.returnTracksWithIds(["a"])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    try await dataSource.perform(.download, onTrackWithID: "a")
    #expect(dataSource.cellModels.first?.track?.downloadStatus == .downloading(percent: 0))
    page.downloads.completeDownload(of: "a")
    #expect(dataSource.cellModels.first?.track?.downloadStatus == .downloading(percent: 0), "not shown yet")
    await dataSource.waitUntilRowsShowManagersStates()
    #expect(dataSource.cellModels.first?.track?.downloadStatus == .downloaded)
  }
}
