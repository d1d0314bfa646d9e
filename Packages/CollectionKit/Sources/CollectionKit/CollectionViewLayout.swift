import Foundation
import ListCore

/// Decides where a collection view's cells and supplementary views go, as `UICollectionViewLayout`.
///
/// A subclass overrides ``prepare()`` to compute what it needs once per invalidation, and the queries to
/// answer from it. The collection view calls ``prepare()`` before its first query after an invalidation.
@MainActor
open class CollectionViewLayout {
  /// The collection view the layout is installed in; set when the layout is handed to one.
  public internal(set) weak var collectionView: CollectionView?

  /// Whether ``prepare()`` must run before the next query.
  var needsPrepare = true

  /// Creates a layout that is not yet installed in a collection view.
  public init() {}

  /// Computes what the queries need; runs once after each invalidation, before the next query.
  open func prepare() {}

  /// The size of everything the layout places.
  open var collectionViewContentSize: CGSize {
    .zero
  }

  /// The attributes of every element whose frame intersects `rect`.
  open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
    nil
  }

  /// The attributes of an item's cell, or nil for an item the layout does not place.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    nil
  }

  /// The attributes of a supplementary view, or nil for one the layout does not place.
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    nil
  }

  /// Whether a change of the collection view's bounds (its size, or its content offset) needs a new layout.
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    false
  }

  /// Marks the layout out of date: ``prepare()`` runs again before the next query, and the collection view it is
  /// installed in lays its cells out again at once (UIKit does on its next layout pass).
  ///
  /// A subclass that overrides it calls `super`.
  open func invalidateLayout() {
    needsPrepare = true
    collectionView?.layoutWasInvalidated()
  }

  /// Runs ``prepare()`` if the layout was invalidated since it last ran.
  func prepareIfNeeded() {
    guard needsPrepare else { return }
    needsPrepare = false
    prepare()
  }
}
