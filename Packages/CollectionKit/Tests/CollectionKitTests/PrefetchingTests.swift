import CollectionKit
import Foundation
import Testing

/// A prefetch data source that records its calls, in order, as "prefetch [items]" and "cancel [items]" (item
/// numbers of section 0, or "section.item" elsewhere).
@MainActor
final class PrefetchSpy: CollectionViewDataSourcePrefetching {
  private(set) var calls: [String] = []
  private(set) var requested: [[IndexPath]] = []

  func clear() {
    calls = []
    requested = []
  }

  private static func names(_ indexPaths: [IndexPath]) -> String {
    indexPaths.map { $0[0] == 0 ? "\($0[1])" : "\($0[0]).\($0[1])" }.joined(separator: " ")
  }

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    requested.append(indexPaths)
    calls.append("prefetch \(Self.names(indexPaths))")
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    calls.append("cancel \(Self.names(indexPaths))")
  }
}

/// A prefetch data source that implements only the required method.
@MainActor
final class PrefetchOnly: CollectionViewDataSourcePrefetching {
  private(set) var requests = 0
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) { requests += 1 }
}

/// The numbers of a range of items, as ``PrefetchSpy`` writes them.
func items(_ range: ClosedRange<Int>) -> String {
  range.map(String.init).joined(separator: " ")
}

// The grid of these tests: 320 × 100 points of 50 × 50 items, 10 apart: 1 + ⌊(320 − 50) / 60⌋ = 5 items per line,
// line k at y = 60k ..< 60k + 50 holding items 5k ... 5k + 4. The window is the next 100 points along the scroll.
@MainActor
@Suite struct PrefetchingTests {
  func makeGrid(count: Int = 100) -> (CollectionView, PrefetchSpy, CountsDataSource) {
    let (view, _, dataSource) = makeFlow(height: 100, counts: [count])
    let spy = keep(PrefetchSpy())
    view.prefetchDataSource = spy
    _ = view.visibleCells
    return (view, spy, dataSource)
  }

  @Test func theFirstLayoutAsksForTheLinesBelowTheBoundsButNotTheVisibleOnes() {
    // Bounds 0 ..< 100 show lines 0 and 1 (60 ..< 110). Window 100 ..< 200: line 1 (visible, left out), line 2
    // (120 ..< 170, 20 away), line 3 (180 ..< 230, 80 away).
    let (view, spy, _) = makeGrid()
    #expect(view.visibleCells.count == 10)
    #expect(spy.calls == ["prefetch \(items(10...19))"])
  }

  @Test func scrollingBackAsksNearestFirstAndCancelsWhatWasAheadUnseen() {
    let (view, spy, _) = makeGrid()
    // Down to 600: bounds 600 ..< 700 show lines 10 and 11 (660 ..< 710); window 700 ..< 800 holds line 12
    // (720 ..< 770) and line 13 (780 ..< 830). Lines 2 and 3 left the window unseen.
    view.contentOffset = CGPoint(x: 0, y: 600)
    #expect(spy.calls == ["prefetch \(items(10...19))", "cancel \(items(10...19))", "prefetch \(items(60...69))"])
    spy.clear()
    // Back up to 540: bounds 540 ..< 640 show lines 9 and 10; window 440 ..< 540 holds line 8 (480 ..< 530, 10 away)
    // then line 7 (420 ..< 470, 70 away); line 9 starts at 540, touching the window only.
    view.contentOffset = CGPoint(x: 0, y: 540)
    #expect(spy.calls == ["cancel \(items(60...69))", "prefetch \(items(40...44)) \(items(35...39))"])
  }

  @Test func itemsThatGetShownLeaveWithoutACancellation() {
    let (view, spy, _) = makeGrid()
    // Down to 60: bounds 60 ..< 160 show lines 1 and 2 (items 10 ... 14 were asked for); window 160 ..< 260 holds
    // line 3 (asked for already) and line 4 (240 ..< 290).
    view.contentOffset = CGPoint(x: 0, y: 60)
    #expect(spy.calls == ["prefetch \(items(10...19))", "prefetch \(items(20...24))"])
  }

  @Test func aStillViewAsksNothingMoreOnAnotherLayoutPass() {
    let (view, spy, _) = makeGrid()
    view.contentOffset = CGPoint(x: 0, y: 0)
    view.collectionViewLayout.invalidateLayout()
    #expect(spy.calls == ["prefetch \(items(10...19))"])
  }

  @Test func disabledPrefetchingAsksNothingAndCancelsWhatWasOutstanding() {
    let (view, spy, _) = makeGrid()
    view.isPrefetchingEnabled = false
    view.contentOffset = CGPoint(x: 0, y: 600)
    view.contentOffset = CGPoint(x: 0, y: 540)
    #expect(spy.calls == ["prefetch \(items(10...19))", "cancel \(items(10...19))"])
    spy.clear()
    // Turned on again, it starts from the window of where the view is (going back up).
    view.isPrefetchingEnabled = true
    view.contentOffset = CGPoint(x: 0, y: 540)
    view.collectionViewLayout.invalidateLayout()
    #expect(spy.calls == ["prefetch \(items(40...44)) \(items(35...39))"])
  }

  @Test func isPrefetchingEnabledIsOnByDefault() {
    let (view, _, _) = makeFlow(counts: [1])
    #expect(view.isPrefetchingEnabled)
    #expect(view.prefetchDataSource == nil)
  }

  @Test func theCollectionViewHoldsItsPrefetchDataSourceWeaklyAndScrollsWithoutOne() {
    let (view, _, _) = makeFlow(height: 100, counts: [100])
    var source: PrefetchSpy? = PrefetchSpy()
    view.prefetchDataSource = source
    source = nil
    #expect(view.prefetchDataSource == nil)
    view.contentOffset = CGPoint(x: 0, y: 600)
    #expect(view.visibleCells.count == 10)
    // One set later is asked for the whole window at the next layout pass.
    let spy = keep(PrefetchSpy())
    view.prefetchDataSource = spy
    view.contentOffset = CGPoint(x: 0, y: 600)
    #expect(spy.calls == ["prefetch \(items(60...69))"])
  }

  @Test func cancellingIsOptional() {
    let (view, _, _) = makeFlow(height: 100, counts: [100])
    let source = keep(PrefetchOnly())
    view.prefetchDataSource = source
    _ = view.visibleCells
    view.contentOffset = CGPoint(x: 0, y: 600)
    view.contentOffset = CGPoint(x: 0, y: 540)
    #expect(source.requests == 3)
  }

  @Test func aReloadForgetsWhatWasAskedForAndAsksAgainWithoutCancelling() {
    let (view, spy, _) = makeGrid()
    view.reloadData()
    #expect(spy.calls == ["prefetch \(items(10...19))", "prefetch \(items(10...19))"])
  }

  @Test func aBatchUpdateMovesWhatWasAskedForWithItsItems() throws {
    let (view, spy, dataSource) = makeGrid()
    spy.clear()
    // Five items inserted at the top: the items asked for (10 ... 19) are now 15 ... 24; the window still holds
    // 10 ... 19, so 20 ... 24 left it unseen and 10 ... 14 (items 5 ... 9 before) are new to it.
    dataSource.counts = [105]
    try view.performBatchUpdates { view.insertItems(at: (0..<5).map { at($0) }) }
    #expect(spy.calls == ["cancel \(items(20...24))", "prefetch \(items(10...14))"])
  }

  @Test func deletedItemsAreForgottenWithoutACancellation() throws {
    let (view, spy, dataSource) = makeGrid()
    spy.clear()
    // Items 10 ... 19 deleted: the old 20 ... 29 take their place in the window and are asked for.
    dataSource.counts = [90]
    try view.performBatchUpdates { view.deleteItems(at: (10..<20).map { at($0) }) }
    #expect(spy.calls == ["prefetch \(items(10...19))"])
  }

  @Test func aHorizontalGridPrefetchesTheColumnsToTheRight() {
    // 100 × 320 points scrolling sideways: columns of 5 items at x = 60k; window 100 ..< 200 holds columns 2 and 3.
    let (view, _, _) = makeFlow(width: 100, height: 320, counts: [100]) { $0.scrollDirection = .horizontal }
    let spy = keep(PrefetchSpy())
    view.prefetchDataSource = spy
    _ = view.visibleCells
    #expect(spy.calls == ["prefetch \(items(10...19))"])
  }

  @Test func aMillionItemScrollAsksTheLayoutAboutTheWindowOnly() {
    // 320 × 480 bounds: 200,000 lines 60 apart. Each step of 60 points brings one line into the window
    // (480 points long) and one out of it.
    let (view, layout, _) = makeFlow(counts: [1_000_000])
    let spy = keep(PrefetchSpy())
    view.prefetchDataSource = spy
    _ = view.visibleCells
    view.contentOffset = CGPoint(x: 0, y: 6_000_000)
    spy.clear()
    let before = layout.examinedItemCount
    for step in 1...10 {
      view.contentOffset = CGPoint(x: 0, y: 6_000_000 + CGFloat(step) * 60)
    }
    // Per step: the bounds (9 lines at most, 45 items) and the window (the same) are looked at, with a line of
    // slack at each end of each query.
    #expect(layout.examinedItemCount - before <= 10 * 2 * 55)
    // At offset 6,000,000 + 60s the window 6,000,480 + 60s ..< 6,000,960 + 60s ends in line 100,015 + s (the last
    // starting before 6,000,960 + 60s); each step asks for that line's five items alone.
    #expect(spy.requested.count == 10)
    for (index, request) in spy.requested.enumerated() {
      let line = 100_015 + index + 1
      #expect(request == (0..<5).map { at(line * 5 + $0) })
    }
  }
}
