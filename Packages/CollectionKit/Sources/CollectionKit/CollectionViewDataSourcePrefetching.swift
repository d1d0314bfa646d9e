import Foundation
import ListCore

/// Told ahead of time which items a collection view will soon show, and which it no longer expects to, as
/// `UICollectionViewDataSourcePrefetching`: a place to start loading an item's data (a picture) before its cell
/// is asked for.
///
/// After each layout pass (a scroll, a reload, a batch update) the collection view looks one viewport length
/// beyond its visible bounds in the direction of travel and asks for the items there that are neither visible
/// nor already asked for, nearest to the viewport first. The prefetching article says the exact rule.
/// `collectionView(_:cellForItemAt:)` must still cope with data loaded, in flight or never asked for.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// Items that will probably be shown soon, nearest to the visible bounds first.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Items asked for earlier that left the prefetch window without being shown (the scroll turned away);
  /// nothing if not implemented.
  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Nothing to cancel.
  public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}
