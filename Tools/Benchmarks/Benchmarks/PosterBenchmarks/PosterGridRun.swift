import CollectionKit
import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import ServicesLive

/// One real grid on screen: a `PosterGridController` of a loaded data source, 120 × 40 terminal cells with the
/// default metrics (posters 20 × 12, 5 a line, 4 lines visible, the fourth by its first row), its cells and prefetches
/// loading from a `LiveArtworkLoader`.
///
/// Every wait is on the grid's signals: `onArtworkChange` (a cell's artwork arrived) and its load count's `onChange`
/// (a load ended). A poster whose artwork fails stops the run: a figure measured past a failure would be a lie.
@MainActor
final class PosterGridRun {
  /// The terminal's width, in columns.
  static let width = 120
  /// The terminal's height, in lines: one viewport.
  static let height = 40

  let controller: PosterGridController
  private var artworkChanged: CheckedContinuation<Void, Never>?

  /// Shows the posters `dataSource` has loaded in a new grid whose cells load from `loader`.
  init(dataSource: PosterGridDataSource, loader: LiveArtworkLoader) {
    controller = PosterGridController(dataSource: dataSource, loader: loader, width: Self.width, height: Self.height)
    controller.onArtworkChange = { [weak self] _ in
      self?.artworkChanged?.resume()
      self?.artworkChanged = nil
    }
  }

  /// Waits until every poster the viewport shows shows its artwork, and returns their indexes.
  @discardableResult
  func waitUntilVisibleArtworkIsShown() async -> [Int] {
    while true {
      let visible = controller.visibleIndexes
      precondition(!visible.isEmpty, "the grid shows no poster")
      var waiting = false
      for index in visible {
        switch controller.cell(at: index)?.artworkState {
        case .shown?: continue
        case .loading?: waiting = true
        case let state: fatalError("poster \(index) shows \(String(describing: state)), not its artwork")
        }
      }
      guard waiting else { return visible }
      // Nothing runs on the main actor between the check and this wait: no change can come in between.
      await withCheckedContinuation { artworkChanged = $0 }
    }
  }

  /// Waits until no artwork load of the grid is on its way (cells' and prefetches'), so that a loader's
  /// statistics are final.
  func waitUntilNoLoadIsInFlight() async {
    let count = controller.loadCount
    guard count.inFlight > 0 else { return }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      count.onChange = {
        guard count.inFlight == 0 else { return }
        count.onChange = nil
        done.resume()
      }
    }
  }

  /// Scrolls from the top to the bottom one viewport at a time, waiting at each position until the visible
  /// posters show their artwork, then until every load has ended.
  func scrollTopToBottom() async -> Scroll {
    let view = controller.collectionView
    let step = view.bounds.height
    let end = max(0, view.contentSize.height - step)
    var offset: CGFloat = 0
    var scroll = Scroll()
    while true {
      view.contentOffset = CGPoint(x: 0, y: offset)
      scroll.displayed.formUnion(await waitUntilVisibleArtworkIsShown())
      scroll.positions += 1
      guard offset < end else { break }
      offset = min(offset + step, end)
    }
    await waitUntilNoLoadIsInFlight()
    scroll.prefetchesStarted = controller.prefetchesStarted.count
    scroll.prefetchesCancelled = controller.prefetchesCancelled.count
    return scroll
  }

  /// What a scroll from top to bottom did.
  struct Scroll {
    /// The positions the viewport stopped at.
    var positions = 0
    /// The index of every poster ever displayed.
    var displayed = Set<Int>()
    /// The prefetches the grid started.
    var prefetchesStarted = 0
    /// The prefetches the grid cancelled (the viewport turned away before their posters were shown).
    var prefetchesCancelled = 0
  }
}

extension LiveArtworkLoader.Statistics {
  /// What the loader did between `earlier` and these statistics (the bytes in memory are these).
  func since(_ earlier: Self) -> Self {
    Self(
      requests: requests - earlier.requests, memoryHits: memoryHits - earlier.memoryHits,
      diskHits: diskHits - earlier.diskHits, fetches: fetches - earlier.fetches, decodes: decodes - earlier.decodes,
      failures: failures - earlier.failures, bytesInMemory: bytesInMemory)
  }
}
