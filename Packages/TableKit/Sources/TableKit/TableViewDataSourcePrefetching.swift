import Foundation

/// Hears about rows before they become visible, so their data can be loaded ahead of time, as
/// `UITableViewDataSourcePrefetching` does.
///
/// The table view asks it to prefetch the rows one screen ahead of the viewport, in the direction it last
/// scrolled, and to cancel rows that left that window before they were shown.
@MainActor
public protocol TableViewDataSourcePrefetching: AnyObject {
  /// Rows that are about to become visible, nearest to the viewport first.
  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])

  /// Rows prefetched earlier that moved away before they were shown; nothing to do unless implemented.
  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
  /// Nothing to cancel, as UIKit assumes when the method is not implemented.
  public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
