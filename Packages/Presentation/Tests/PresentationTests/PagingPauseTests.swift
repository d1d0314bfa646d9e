import Domain
import Foundation
import PresentationTestSupport
import Services
import ServicesTestSupport
import Testing

@testable import Presentation

/// A covered page's background paging stops at its gate: it shows no page and asks for none until resumed.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PagingPauseTests {
  let page = PageFixture()

  func makeDataSource() -> ArtistTableDataSource {
    page.musicAPI.returnTracks(ArtistTableDataSourcePagingTests.tracks)
    let dataSource = page.makeDataSource()
    dataSource.trackPaging = ArtistTableDataSourcePagingTests.paging
    return dataSource
  }

  @Test func aPausedPageShowsNoPageAndAsksForNoneUntilResumed() async throws {
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    let dataSource = makeDataSource()
    await dataSource.reload()
    await held.waitUntilReached()
    dataSource.pausePaging()
    #expect(dataSource.isPagingPaused)
    held.release()
    // The page asked for arrived, and the paging stopped at the gate with it.
    await dataSource.pagingPause.waitUntilParked()
    #expect(dataSource.trackLoading == TrackLoading(loadedCount: 10, totalCount: 120, isInProgress: true))
    #expect(dataSource.cellModels.trackIDs == ArtistTableDataSourcePagingTests.tracks.prefix(10).map(\.id))
    #expect(page.musicAPI.requestedTrackPages.count == 2, "the first page and the held one, no third")
    dataSource.resumePaging()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.trackLoading == TrackLoading(loadedCount: 120, totalCount: 120, isInProgress: false))
    #expect(dataSource.cellModels.trackIDs == ArtistTableDataSourcePagingTests.tracks.map(\.id))
  }

  @Test func aPageDroppedWhilePausedIsReleased() async throws {
    let held = page.musicAPI.holdTrackPage(startingAt: 10)
    var dataSource: ArtistTableDataSource? = makeDataSource()
    let updates = try #require(dataSource).updates()
    await dataSource?.reload()
    await held.waitUntilReached()
    dataSource?.pausePaging()
    held.release()
    await dataSource?.pagingPause.waitUntilParked()
    dataSource = nil
    // The stream ends when the data source is deinitialised: the paused paging did not keep it alive.
    for await _ in updates {}
  }

  @Test func aReloadOfAPausedPageShowsItsFirstPageAndAsksForNoMore() async throws {
    let dataSource = makeDataSource()
    dataSource.pausePaging()
    await dataSource.reload()
    #expect(dataSource.trackLoading.loadedCount == 10)
    await dataSource.pagingPause.waitUntilParked()
    #expect(dataSource.trackLoading.loadedCount == 10)
    #expect(page.musicAPI.requestedTrackPages.count == 1, "only the first page: the rest waits to be asked for")
    dataSource.resumePaging()
    await dataSource.waitUntilLoaded()
    #expect(dataSource.trackLoading.loadedCount == 120)
  }
}
