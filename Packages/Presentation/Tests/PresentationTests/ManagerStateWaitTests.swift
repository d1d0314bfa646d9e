import Domain
import PresentationTestSupport
import SeededRandomness
import Services
import ServicesTestSupport
import Testing

@testable import Presentation

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

/// The test helper's wait for a snapshot: one that never comes fails saying what came instead.
@Suite struct SnapshotWaitTests {
  @Test func aWaitForASnapshotThatNeverComesListsTheSnapshotsThatArrived() async {
    let (updates, publish) = AsyncStream<ArtistPageSnapshot>.makeStream()
    let row = ArtistCellModelType.track(
      TrackCellModel(
        id: "a", title: "Wonderwall", duration: "4:18", releaseDate: "1 Jan 1995", isExplicit: false,
        isFavourited: false, downloadStatus: .notDownloaded))
    publish.yield(ArtistPageSnapshot(sections: [], state: .loading, trackLoading: .idle))
    publish.yield(
      ArtistPageSnapshot(
        sections: [ArtistTableSection(.tracks, rows: [row], rowKeys: [RowKey(rawValue: 0)])],
        state: .failed(.music(.unavailable(reason: "offline"))),
        trackLoading: .idle))
    publish.finish()
    let error = await #expect(throws: StreamWaitTimedOut.self) {
      try await firstSnapshot(on: updates) { $0.state == .loaded }
    }
    #expect(
      error?.arrived == [
        "loading, 0 rows []", "failed(The music catalog is unavailable: offline), 1 rows [Wonderwall]",
      ])
    #expect(
      error?.description
        == "Nothing the test waited for arrived within 120.0 seconds (or the stream ended); arrived: "
        + "loading, 0 rows []; failed(The music catalog is unavailable: offline), 1 rows [Wonderwall]")
  }
}

/// The counts that let the wait compare the page with what the managers hold, instead of with every row.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ManagerStateCountTests {
  let page = PageFixture()

  func expectCountsMatchTheModels(_ dataSource: ArtistTableDataSource, after step: String) {
    #expect(
      dataSource.modelsShowingADownload == dataSource.models.filter { $0.downloadStatus != .notDownloaded }.count,
      "downloads, after \(step)")
    #expect(
      dataSource.modelsShowingAFavourite == dataSource.models.filter(\.isFavourited).count, "favourites, after \(step)")
  }

  @Test func theCountsFollowReloadsActionsAnnouncementsAndShorterAnswers() async throws {
    var random = SeededRandom(seed: 14)
    let ids: [Track.ID] = (0..<12).map { Track.ID("t\($0)") }
    page.musicAPI.returnTracksWithIds(ids + [ids[3]])
    let dataSource = page.makeDataSource()
    await dataSource.reload()
    for step in 0..<300 {
      let id = ids[Int(random.next() % UInt64(ids.count))]
      let description: String
      switch random.next() % 6 {
      case 0:
        try? await dataSource.perform(.download, onTrackWithID: id)
        description = "downloading \(id)"
      case 1:
        page.downloads.completeDownload(of: id)
        description = "completing \(id)"
      case 2:
        try? await dataSource.perform(random.next() % 2 == 0 ? .favourite : .unfavourite, onTrackWithID: id)
        description = "a favourite action on \(id)"
      case 3:
        try await page.favourites.setFavourited(random.next() % 2 == 0, trackID: id)
        description = "a favourite set elsewhere on \(id)"
      case 4:
        let count = Int(random.next() % UInt64(ids.count + 1))
        page.musicAPI.returnTracksWithIds(Array(ids.shuffled(using: &random).prefix(count)))
        await dataSource.reload()
        description = "a reload answering \(count) tracks"
      default:
        page.downloads.setState(.failed(reason: "gone"), for: id)
        description = "failing \(id)"
      }
      // Checked before the wait, which takes the counts again when it finds them wrong.
      expectCountsMatchTheModels(dataSource, after: "step \(step), \(description)")
      await dataSource.waitUntilRowsShowManagersStates()
      #expect(
        dataSource.modelsShowTheManagersStates(in: 0..<dataSource.tracks.count),
        "the wait ended with every row as the managers have it, after step \(step), \(description)")
    }
  }
}
