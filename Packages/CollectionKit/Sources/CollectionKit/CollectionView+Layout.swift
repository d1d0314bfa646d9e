import Foundation
import ListCore

extension CollectionView {
  /// Where the layout puts an item's cell, or nil for an item that does not exist.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    guard contains(indexPath) else { return nil }
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// Where the layout puts a supplementary view (a section's header or footer: the section and item 0), or
  /// nil when it places none there.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    loadModelIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The item whose cell's frame holds a point of the content, or nil.
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    loadModelIfNeeded()
    let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
    let attributes = collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
    return attributes.first { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
  }
}
