import Foundation
import ListCore

/// One item of a compositional layout: a cell's size and margins, as `NSCollectionLayoutItem`.
///
/// An item is a description, not a cell: a group places it as many times as it fits, and a section's group
/// repeats until the section's items are used up.
public class CollectionLayoutItem {
  /// The item's size, fractions of its containing group.
  public let layoutSize: CollectionLayoutSize
  /// Margins that shrink the item's frame inside the slot its group gives it; zero by default.
  public var contentInsets = DirectionalEdgeInsets.zero

  /// Creates an item of a size.
  public init(layoutSize: CollectionLayoutSize) {
    self.layoutSize = layoutSize
  }
}

/// Space between a group's items, as `NSCollectionLayoutSpacing`.
public enum CollectionLayoutSpacing: Sendable, Hashable {
  /// Exactly this many points between neighbouring items.
  case fixed(CGFloat)
  /// At least this many points; the room the group's items leave is shared evenly between the spaces.
  case flexible(CGFloat)

  /// The spacing's least length in points.
  public var spacing: CGFloat {
    switch self {
    case .fixed(let length), .flexible(let length): length
    }
  }

  /// Whether the spacing grows to share the room left.
  public var isFlexibleSpacing: Bool {
    if case .flexible = self { true } else { false }
  }

  /// Whether the spacing is exactly its length.
  public var isFixedSpacing: Bool {
    !isFlexibleSpacing
  }
}

/// Items laid out in a row or a column, as `NSCollectionLayoutGroup`; a group is itself an item, so groups nest.
///
/// A group made with `subitems:` places its subitems in order, starting again from the first, for as long as
/// the next one fits (at least one); a group made with `repeatingSubitem:count:` places exactly `count`
/// copies, each given an equal share of the group's length. A group's ``CollectionLayoutItem/contentInsets``
/// shrink the room its subitems are laid out in, and its subitems' fractions are of that room.
public final class CollectionLayoutGroup: CollectionLayoutItem {
  /// The direction a group places its subitems in.
  enum Axis {
    case horizontal
    case vertical
  }

  /// The items the group places, in order.
  public let subitems: [CollectionLayoutItem]
  /// Space between neighbouring subitems; nil (the default) means none.
  public var interItemSpacing: CollectionLayoutSpacing?
  let axis: Axis
  /// How many copies of the one subitem a `repeatingSubitem:count:` group places.
  let repeatCount: Int?

  init(layoutSize: CollectionLayoutSize, axis: Axis, subitems: [CollectionLayoutItem], repeatCount: Int?) {
    self.axis = axis
    self.subitems = subitems
    self.repeatCount = repeatCount
    super.init(layoutSize: layoutSize)
  }

  /// A group that places its subitems left to right, as many as fit.
  public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem])
    -> CollectionLayoutGroup
  {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: subitems, repeatCount: nil)
  }

  /// A group that places its subitems top to bottom, as many as fit.
  public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem])
    -> CollectionLayoutGroup
  {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: subitems, repeatCount: nil)
  }

  /// A group that places `count` copies of an item left to right, each as wide as an equal share of the
  /// group's width after the spacing (the item's own width is not used).
  public static func horizontal(
    layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int
  )
    -> CollectionLayoutGroup
  {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .horizontal, subitems: [subitem], repeatCount: max(0, count))
  }

  /// A group that places `count` copies of an item top to bottom, each as high as an equal share of the
  /// group's height after the spacing (the item's own height is not used).
  public static func vertical(
    layoutSize: CollectionLayoutSize, repeatingSubitem subitem: CollectionLayoutItem, count: Int
  )
    -> CollectionLayoutGroup
  {
    CollectionLayoutGroup(layoutSize: layoutSize, axis: .vertical, subitems: [subitem], repeatCount: max(0, count))
  }
}
