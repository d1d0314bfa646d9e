import Foundation
import ListCore

/// One section of a compositional layout: a group repeated until the section's items are used up, as
/// `NSCollectionLayoutSection`.
///
/// From top to bottom a section is its top-aligned boundary items (headers), its top content inset, its
/// groups ``interGroupSpacing`` apart, its bottom content inset and its bottom-aligned boundary items
/// (footers).
public final class CollectionLayoutSection {
  /// The group the section repeats.
  public let group: CollectionLayoutGroup
  /// Margins around the section's groups (inside its headers and footers); zero by default.
  public var contentInsets = DirectionalEdgeInsets.zero
  /// Space between neighbouring groups, along the scroll axis (across it in an orthogonal section); 0 by default.
  public var interGroupSpacing: CGFloat = 0
  /// Headers, footers and other views placed along the section's edges.
  public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
  /// How the section scrolls across the layout's scroll axis; `.none` (the default) stacks its groups along it.
  public var orthogonalScrollingBehavior = CollectionLayoutSectionOrthogonalScrollingBehavior.none

  /// Creates a section that repeats a group.
  public init(group: CollectionLayoutGroup) {
    self.group = group
  }
}

/// How a section scrolls across its layout's scroll axis, as `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
///
/// Every behaviour but `.none` lays the section's groups out in one row across the scroll axis; the section is
/// never scrolled across (a headless view has no finger), so each shows its row from its start.
public enum CollectionLayoutSectionOrthogonalScrollingBehavior: Sendable, Hashable {
  /// The section's groups stack along the scroll axis.
  case none
  /// One row that scrolls freely.
  case continuous
  /// One row that comes to rest with a group's leading edge at the section's.
  case continuousGroupLeadingBoundary
  /// One row that scrolls a page (the view's width) at a time.
  case paging
  /// One row that scrolls a group at a time.
  case groupPaging
  /// One row that scrolls a group at a time, each centred.
  case groupPagingCentered
}

/// Where a supplementary item sits against its section, as `NSRectAlignment`.
public enum CollectionRectAlignment: Sendable, Hashable {
  /// No edge: at the top of the section's groups, centred across, taking no room.
  case none
  /// Above the section's groups, centred across.
  case top
  /// Above the section's groups, at the leading edge.
  case topLeading
  /// At the top of the section's groups and the leading edge, taking no room.
  case leading
  /// Below the section's groups, at the leading edge.
  case bottomLeading
  /// Below the section's groups, centred across.
  case bottom
  /// Below the section's groups, at the trailing edge.
  case bottomTrailing
  /// At the top of the section's groups and the trailing edge, taking no room.
  case trailing
  /// Above the section's groups, at the trailing edge.
  case topTrailing
}

/// A header, footer or other view along a section's edge, as `NSCollectionLayoutBoundarySupplementaryItem`.
///
/// Its index path is the section and item 0. Its fractions are of the section's width minus its leading and
/// trailing content insets (it follows the section's insets across) and of the collection view's height.
public final class CollectionLayoutBoundarySupplementaryItem {
  /// The view's size.
  public let layoutSize: CollectionLayoutSize
  /// The kind of view, as the data source is asked for it (``CollectionView/elementKindSectionHeader``…).
  public let elementKind: String
  /// The edge of the section the view sits against.
  public let alignment: CollectionRectAlignment
  /// Whether a top-aligned view stays at the top of the visible bounds (a bottom-aligned one at their bottom)
  /// while its section is on screen; false by default.
  public var pinToVisibleBounds = false

  /// Creates a boundary item of a size and kind, against an edge of its section.
  public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: CollectionRectAlignment) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
  }
}
