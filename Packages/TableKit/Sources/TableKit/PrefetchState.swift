import Foundation

/// What a table view remembers between layouts to prefetch rows ahead of its viewport.
struct PrefetchState {
  weak var dataSource: (any TableViewDataSourcePrefetching)?
  var isEnabled = true
  /// Rows asked to prefetch and neither shown nor cancelled yet.
  var pendingRows: Set<IndexPath> = []
  /// The content offset of the previous layout, to tell which way the table is scrolling.
  var lastOffset: CGFloat?
  var isScrollingUp = false
}
