import Foundation

extension TableView {
  /// Hears about rows one screen ahead of the viewport before they become visible; held weakly.
  ///
  /// Setting it forgets the rows the previous one was asked to prefetch, without cancelling them.
  public var prefetchDataSource: (any TableViewDataSourcePrefetching)? {
    get { prefetching.dataSource }
    set {
      prefetching.dataSource = newValue
      prefetching.pendingRows = []
      layoutIfLoaded()
    }
  }

  /// Whether the prefetch data source is told about rows ahead of the viewport; true by default.
  public var isPrefetchingEnabled: Bool {
    get { prefetching.isEnabled }
    set {
      prefetching.isEnabled = newValue
      prefetching.pendingRows = []
      layoutIfLoaded()
    }
  }

  /// Tells the prefetch data source about the rows that entered the window one screen ahead of the viewport
  /// (below it, or above it while scrolling up), and cancels pending rows that left it without being shown.
  ///
  /// Runs at the end of every layout. Rows that became visible leave the pending set silently: they were
  /// used. Cancellations come first, then the new rows, nearest to the viewport first.
  func updatePrefetching(visible: [IndexPath]) {
    if let last = prefetching.lastOffset, offset != last { prefetching.isScrollingUp = offset < last }
    prefetching.lastOffset = offset
    guard let prefetcher = prefetching.dataSource, prefetching.isEnabled else {
      prefetching.pendingRows = []
      return
    }
    let height = frame.height
    let window: [IndexPath]
    if !height.isFinite || height <= 0 {
      window = []
    } else if prefetching.isScrollingUp {
      window = rows(intersectingContentFrom: offset - height, to: offset).reversed()
    } else {
      window = rows(intersectingContentFrom: offset + height, to: offset + 2 * height)
    }
    let visibleRows = Set(visible)
    let ahead = window.filter { !visibleRows.contains($0) }
    let aheadRows = Set(ahead)
    let cancelled = prefetching.pendingRows.filter { !visibleRows.contains($0) && !aheadRows.contains($0) }.sorted()
    let new = ahead.filter { !prefetching.pendingRows.contains($0) }
    prefetching.pendingRows = aheadRows
    if !cancelled.isEmpty { prefetcher.tableView(self, cancelPrefetchingForRowsAt: cancelled) }
    if !new.isEmpty { prefetcher.tableView(self, prefetchRowsAt: new) }
  }
}
