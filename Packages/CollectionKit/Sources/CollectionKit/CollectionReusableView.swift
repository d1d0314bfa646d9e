import Foundation
import ListCore

/// A view a collection view creates for a registered class and reuses as elements scroll in and out of
/// sight, as `UICollectionReusableView`: a supplementary view, and the base of ``CollectionViewCell``.
///
/// A subclass with no initialiser of its own inherits ``init(frame:)`` and registers as it is.
@MainActor
open class CollectionReusableView {
  /// The identifier the view was registered and dequeued with; nil for a view the collection view did not
  /// create.
  public internal(set) var reuseIdentifier: String?
  /// Where the view is, in the collection view's content; the collection view sets it from the layout.
  public internal(set) var frame: CGRect
  /// The kind a supplementary view was dequeued as; nil for a cell.
  var elementKind: String?

  /// Creates a view; the collection view calls this for registered classes.
  public required init(frame: CGRect) {
    self.frame = frame
  }

  /// Resets the view before the collection view hands it out again; call `super` when overriding.
  open func prepareForReuse() {}

  /// The attributes the view would rather have, given those the layout proposes: how a cell sizes itself when its
  /// flow layout has an ``CollectionViewFlowLayout/estimatedItemSize``.
  ///
  /// Answers `layoutAttributes` unchanged by default. An override may change the answer's frame size; the
  /// layout keeps the size and lays the items out again.
  open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
    -> CollectionViewLayoutAttributes
  {
    layoutAttributes
  }
}
