import Foundation
import ListCore

/// Where a layout puts one element (a cell or a supplementary view), as `UICollectionViewLayoutAttributes`.
open class CollectionViewLayoutAttributes {
  /// What kind of element the attributes place.
  public enum ElementCategory: Sendable, Hashable {
    /// A cell, for an item.
    case cell
    /// A supplementary view, such as a section header or footer.
    case supplementaryView
  }

  /// The element's frame, in the collection view's content coordinates.
  public var frame: CGRect
  /// The item's index path, or for a section's header or footer the section and item 0.
  public let indexPath: IndexPath
  /// The kind of a supplementary view; nil for a cell.
  public let representedElementKind: String?
  /// Whether the attributes place a cell or a supplementary view.
  public let representedElementCategory: ElementCategory

  /// Attributes for the cell of an item.
  public init(forCellWith indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementKind = nil
    representedElementCategory = .cell
    frame = .zero
  }

  /// Attributes for a supplementary view of a kind (``CollectionView/elementKindSectionHeader``…).
  public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementKind = elementKind
    representedElementCategory = .supplementaryView
    frame = .zero
  }

  /// The frame's size.
  public var size: CGSize {
    frame.size
  }
}
