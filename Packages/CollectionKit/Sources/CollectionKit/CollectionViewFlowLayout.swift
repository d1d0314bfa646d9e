import Foundation
import ListCore

/// Lays items out in lines, section after section, as `UICollectionViewFlowLayout`.
///
/// Each section is its header, its top inset, its lines ``minimumLineSpacing`` apart, its bottom inset and
/// its footer. A line holds as many items as fit across the collection view between the section's left and
/// right insets, at least ``minimumInteritemSpacing`` apart; the behaviour choices article says how a line's
/// items are spread. A ``CollectionViewDelegateFlowLayout`` delegate may give each item its size and each
/// section its insets, spacings and header and footer sizes.
///
/// A grid whose items share one size is computed arithmetically: each query costs what it returns, with no
/// attributes kept for items out of sight, so a million items cost no more to scroll than a hundred. When
/// the delegate gives item sizes, each invalidation measures every item once.
@MainActor
public final class CollectionViewFlowLayout: CollectionViewLayout {
  /// The direction the content scrolls in.
  public enum ScrollDirection: Sendable, Hashable {
    /// Lines are rows, stacked top to bottom.
    case vertical
    /// Lines are columns, stacked left to right.
    case horizontal
  }

  /// The size of every item whose size the delegate does not give; 50 × 50 points by default.
  public var itemSize = CGSize(width: 50, height: 50) {
    didSet { invalidateLayout() }
  }

  /// Self-sizing's estimate; zero (the default) turns self-sizing off.
  ///
  /// When it is not zero, items are laid out at the estimate (the delegate's size when it gives sizes, and
  /// ``itemSize`` for ``automaticSize``) until their shown cells answer
  /// ``CollectionReusableView/preferredLayoutAttributesFitting(_:)`` with another size, which the layout keeps.
  public var estimatedItemSize = CGSize.zero {
    didSet {
      preferredItemSizes = [:]
      invalidateLayout()
    }
  }

  /// The least distance between lines; 10 points by default.
  public var minimumLineSpacing: CGFloat = 10 {
    didSet { invalidateLayout() }
  }

  /// The least distance between items of a line; 10 points by default.
  public var minimumInteritemSpacing: CGFloat = 10 {
    didSet { invalidateLayout() }
  }

  /// The margins around each section's items (inside its header and footer); zero by default.
  public var sectionInset = EdgeInsets.zero {
    didSet { invalidateLayout() }
  }

  /// The size of each section's header; zero (the default) means none.
  ///
  /// Its height counts when scrolling vertically, its width horizontally.
  public var headerReferenceSize = CGSize.zero {
    didSet { invalidateLayout() }
  }

  /// The size of each section's footer; zero (the default) means none.
  ///
  /// Its height counts when scrolling vertically, its width horizontally.
  public var footerReferenceSize = CGSize.zero {
    didSet { invalidateLayout() }
  }

  /// The direction the content scrolls in; vertical by default.
  public var scrollDirection = ScrollDirection.vertical {
    didSet { invalidateLayout() }
  }

  /// Whether a section's header stays at the top of the visible bounds while its section is in view; false by
  /// default.
  ///
  /// A pinned header sits at the lower of its natural place and the visible top (the left edge when scrolling
  /// horizontally), but never past its section's end minus its own length: the next section pushes it off.
  public var sectionHeadersPinToVisibleBounds = false {
    didSet { invalidateLayout() }
  }

  /// Whether a section's footer stays at the bottom of the visible bounds while its section is in view; false by
  /// default.
  ///
  /// A pinned footer sits at the higher of its natural place and the visible bottom minus its length, but never
  /// before its section's start.
  public var sectionFootersPinToVisibleBounds = false {
    didSet { invalidateLayout() }
  }

  /// The sizes shown cells preferred to their estimates, while self-sizing.
  var preferredItemSizes: [IndexPath: CGSize] = [:]
  /// The collection view's model version the preferred sizes are for: a reload or update forgets them.
  var preferredSizesModelVersion = 0
  /// How many layout passes in a row cells changed size in: bounded, so that a cell that never settles cannot
  /// keep the collection view laying out.
  var consecutiveSelfSizingPasses = 0

  /// What the sections were last prepared from, so that a scroll with pinned views can keep them.
  var preparedFrom: FlowPreparationInputs?
  /// Whether ``sections`` are up to date with the model and the properties.
  var sectionsArePrepared = false

  /// The sections as last prepared.
  var sections: [FlowSection] = []
  /// Where the content ends along the scroll axis.
  var contentLength: CGFloat = 0
  /// The collection view's size across the scroll axis when the layout was prepared.
  var crossLength: CGFloat = 0
  /// Set by the delegate protocol's default `sizeForItemAt` when it answers: the delegate does not give sizes.
  var defaultItemSizeAnswered = false

  /// How many items the queries have looked at since the layout was created (a test hook).
  package var itemsExamined = 0
  /// How many item sizes the layout has measured, delegate questions or not (a test hook).
  package var itemsMeasured = 0

  /// Creates a flow layout with UIKit's defaults.
  public override init() {
    super.init()
  }

  var axis: FlowAxis {
    FlowAxis(isVertical: scrollDirection == .vertical)
  }

  /// The size of the laid-out content: across, the collection view's size; along, the sections'.
  public override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    return axis.size(main: contentLength, cross: crossLength)
  }

  /// Lays the sections out: O(sections) when items share one size, O(items) when the delegate sizes them.
  public override func prepare() {
    guard !sectionsArePrepared else { return }
    prepareSections()
    sectionsArePrepared = true
    preparedFrom = preparationInputs
  }

  /// The headers, cells and footers whose frames overlap `rect`, section by section, each section's header
  /// first and footer last; O(log sections + what it returns) when items share one size.
  public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
    elements(in: rect)
  }

  /// The attributes of an item's cell, computed in O(1) when items share one size; nil for an item that does
  /// not exist.
  public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    item(at: indexPath)
  }

  /// The attributes of a section's header or footer (index path: the section and item 0), or nil when the
  /// section has none.
  public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    supplementaryView(ofKind: elementKind, at: indexPath)
  }

  /// A change of the collection view's size across the scroll axis lays out its lines again; with pinned headers
  /// or footers any change of the bounds invalidates, a scroll moving only the pinned views.
  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    shouldInvalidate(forBoundsChange: newBounds)
  }

  /// Marks the layout out of date; an invalidation for a scroll with pinned views keeps the sections as they are.
  public override func invalidateLayout() {
    if !isInvalidationForScroll { sectionsArePrepared = false }
    super.invalidateLayout()
  }
}
