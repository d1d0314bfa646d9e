import CollectionKit
import CollectionKitTesting
import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import Services
import ServicesTestSupport
import Testing

/// The grid: a uniform grid for a width, cells loading their artwork, prefetching nearest first and cancelled when
/// the viewport turns away, live artwork reported, selection handed on.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PosterGridControllerTests {
  let loader = MockArtworkLoader()

  /// A grid of `count` posters, 3 a line and 2 lines high (see `Metrics.small`).
  func grid(of count: Int) -> PosterGridController {
    let controller = PosterGridController(
      dataSource: PosterFixtures.idleDataSource(), loader: loader, width: 12, height: 4, metrics: .small)
    controller.show(PosterFixtures.snapshot((0..<count).map { PosterFixtures.poster($0) }, revision: 1))
    return controller
  }

  @Test func reloadingShowsThePostersTheSourceAnswers() async {
    loader.returnArtwork(.fixture())
    let source = PosterSource { _ in (0..<4).map { PosterFixtures.poster($0) } }
    let controller = PosterGridController(
      dataSource: PosterGridDataSource(source: source), loader: loader, width: 12, height: 4, metrics: .small)
    #expect(controller.visibleIndexes.isEmpty)
    await controller.reload()
    #expect(controller.snapshot.state == .loaded)
    #expect(controller.collectionDataSource.snapshot().itemIdentifiers == (0..<4).map(PosterFixtures.id))
    #expect(controller.visibleIndexes == Array(0..<4))
    #expect(controller.cell(at: 3)?.model == PosterFixtures.poster(3))
    await controller.loadCount.waitUntilNoneInFlight()
  }

  @Test func linesHoldAsManyPostersAsTheWidthFits() {
    let metrics = PosterGridController.Metrics()
    #expect(metrics.columns(forWidth: 80) == 3)
    #expect(metrics.columns(forWidth: 100) == 4)
    #expect(metrics.columns(forWidth: 5) == 1)
    let controller = grid(of: 30)
    #expect(controller.columns == 3)
    #expect(controller.visibleIndexes == Array(0..<6))
    controller.resize(width: 16, height: 2)
    #expect(controller.columns == 4)
    #expect(controller.visibleIndexes == Array(0..<4))
  }

  @Test func displayedCellsLoadTheirArtworkAndEachArrivalIsReported() async throws {
    loader.returnArtwork(.fixture(shade: 4), for: PosterFixtures.url(4))
    loader.holdCalls(for: PosterFixtures.url(4))
    let controller = grid(of: 6)
    var changes: [PosterGridController.ArtworkChange] = []
    controller.onArtworkChange = { changes.append($0) }
    let cell = try #require(controller.cell(at: 4))
    #expect(cell.artworkState == .loading(PosterFixtures.url(4)))
    await loader.heldCall(for: PosterFixtures.url(4)).release()
    await cell.waitUntilLoadEnds()
    #expect(cell.artworkState == .shown(PosterFixtures.url(4), .fixture(shade: 4)))
    #expect(changes.contains { $0 == .init(item: PosterFixtures.id(4), index: 4, state: cell.artworkState) })
    await controller.loadCount.waitUntilNoneInFlight()
    #expect(changes.count == 6, "one arrival (artwork or failure) a displayed poster: \(changes)")
  }

  @Test func aPosterLeavingTheScreenCancelsItsLoad() async throws {
    loader.holdCalls(for: PosterFixtures.url(0))
    let controller = grid(of: 30)
    let hold = await loader.heldCall(for: PosterFixtures.url(0))
    await hold.waitUntilReached()
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 8)
    #expect(controller.cell(at: 0) == nil)
    await hold.waitUntilFinished()
    #expect(loader.cancelledURLs == [PosterFixtures.url(0)])
  }

  @Test func leavingTheGridCancelsItsLoads() async {
    loader.holdCalls()
    var controller: PosterGridController? = grid(of: 30)
    #expect(controller?.artworkLoadsInFlight == 12, "6 displayed, 6 prefetched")
    controller = nil
    for number in 0..<12 {
      await loader.heldCall(for: PosterFixtures.url(number)).waitUntilFinished()
    }
    #expect(Set(loader.cancelledURLs) == Set((0..<12).map(PosterFixtures.url)))
  }

  @Test func prefetchingStartsTheNearestPostersFirstAndCancelsThemWhenTheViewportTurnsAway() async {
    loader.holdCalls()
    let controller = grid(of: 30)
    // At the top going down: the next two lines, in order.
    #expect(controller.prefetchesStarted == (6..<12).map(PosterFixtures.id))
    // At the bottom: the lines above were passed unseen.
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 16)
    #expect(controller.prefetchesCancelled == (6..<12).map(PosterFixtures.id))
    // One line up: the line just above the viewport first, then the one above it.
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 14)
    #expect(controller.visibleIndexes == Array(21..<27))
    #expect(controller.prefetchesStarted.dropFirst(6) == [18, 19, 20, 15, 16, 17].map(PosterFixtures.id)[...])
    // Down again: the lines above are left before being shown.
    controller.collectionView.contentOffset = CGPoint(x: 0, y: 16)
    #expect(controller.prefetchesCancelled.dropFirst(6) == (15..<21).map(PosterFixtures.id)[...])
    for number in Array(6..<12) + Array(15..<21) {
      await loader.heldCall(for: PosterFixtures.url(number)).waitUntilFinished()
    }
    let cancelled = Set(loader.cancelledURLs)
    #expect(cancelled.isSuperset(of: (Array(6..<12) + Array(15..<21)).map(PosterFixtures.url)))
    loader.releaseAll()
    await controller.loadCount.waitUntilNoneInFlight()
  }

  @Test func aSnapshotWithoutAPrefetchedPosterCancelsItsPrefetch() async {
    let controller = grid(of: 30)
    // The prefetches' tasks have not run yet: they are on their way.
    let remaining = (0..<30).filter { $0 != 7 }.map { PosterFixtures.poster($0) }
    controller.show(PosterFixtures.snapshot(remaining, revision: 2))
    #expect(controller.prefetchesCancelled == [PosterFixtures.id(7)])
    await controller.loadCount.waitUntilNoneInFlight()
  }

  @Test func theGridAsksOnlyForPostersItShowsOrPrefetches() async {
    let controller = grid(of: 10_000)
    var shownOrPrefetched: Set<URL> = []
    func note() {
      for index in controller.visibleIndexes { shownOrPrefetched.insert(PosterFixtures.url(index)) }
    }
    note()
    for target in [5_000, 9_999, 120, 121, 0] {
      controller.collectionView.scrollToItem(
        at: IndexPath(item: target, section: 0), at: .centeredVertically, animated: false)
      note()
    }
    for item in controller.prefetchesStarted {
      guard case .playlist(let id) = item, let number = Int(id.rawValue.dropFirst()) else { continue }
      shownOrPrefetched.insert(PosterFixtures.url(number))
    }
    await controller.loadCount.waitUntilNoneInFlight()
    #expect(Set(loader.requestedURLs).isSubset(of: shownOrPrefetched))
    #expect(loader.requestedURLs.count == controller.loadCount.started)
    #expect(loader.requestedURLs.count < 80, "\(loader.requestedURLs.count) loads for 6 viewports")
  }

  @Test func aNewSnapshotReconfiguresTheCellsItKeepsWithoutLoadingAgain() async throws {
    loader.returnArtwork(.fixture(shade: 1))
    let controller = grid(of: 6)
    await controller.loadCount.waitUntilNoneInFlight()
    let cell = try #require(controller.cell(at: 1))
    var posters = (0..<6).map { PosterFixtures.poster($0) }
    posters[1].title = "Renamed"
    posters.swapAt(1, 2)
    controller.show(PosterFixtures.snapshot(posters, revision: 2))
    #expect(controller.cell(at: 2) === cell, "the cell moved with its poster")
    #expect(cell.model?.title == "Renamed")
    #expect(cell.artworkState == .shown(PosterFixtures.url(1), .fixture(shade: 1)))
    #expect(loader.requestCount(for: PosterFixtures.url(1)) == 1)
  }

  @Test func selectingAPosterHandsOnWhereItLeads() throws {
    loader.returnArtwork(.fixture())
    let controller = grid(of: 6)
    var opened: [PosterDestination] = []
    controller.onOpen = { opened.append($0) }
    try controller.collectionView.selectItem(at: IndexPath(item: 2, section: 0))
    try controller.collectionView.selectItem(at: IndexPath(item: 2, section: 0))
    #expect(opened == Array(repeating: PosterFixtures.poster(2).destination, count: 2))
  }
}
