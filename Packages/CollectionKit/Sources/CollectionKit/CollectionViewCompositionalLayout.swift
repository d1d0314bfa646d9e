import Foundation
import ListCore

/// Makes the section at an index, knowing the collection view's size; nil makes an empty section.
public typealias CollectionViewCompositionalLayoutSectionProvider =
  (Int, any CollectionLayoutEnvironment) -> CollectionLayoutSection?

/// Lays sections out from items, groups and sections, as `UICollectionViewCompositionalLayout`.
///
/// Sections stack top to bottom (the layout scrolls vertically). Each section repeats its group until its items
/// are used up: the group's slots are worked out once per invalidation, and every frame is then computed from
/// the item's index. A query costs what it looks at (the groups that may meet its rectangle), so a million items
/// cost no more to scroll than a hundred, and an invalidation costs O(sections), whatever the item count.
///
/// ```swift
/// let poster = CollectionLayoutItem(
///   layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
/// let row = CollectionLayoutGroup.horizontal(
///   layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(150)),
///   repeatingSubitem: poster, count: 3)
/// row.interItemSpacing = .fixed(8)
/// let section = CollectionLayoutSection(group: row)
/// section.interGroupSpacing = 8
/// let layout = CollectionViewCompositionalLayout(section: section)
/// ```
@MainActor
public final class CollectionViewCompositionalLayout: CollectionViewLayout {
  private let sectionProvider: CollectionViewCompositionalLayoutSectionProvider

  /// The sections as last prepared.
  var sections: [CompositionalSectionGeometry] = []
  /// The collection view's size when the layout was prepared.
  var preparedSize = CGSize.zero
  /// Where the last section ends.
  var contentHeight: CGFloat = 0

  /// How many item slots the queries have looked at since the layout was created (a test hook).
  package var itemsExamined = 0
  /// How many times the layout has been prepared (a test hook).
  package var preparations = 0

  /// Creates a layout whose every section is one section description.
  public convenience init(section: CollectionLayoutSection) {
    self.init { _, _ in section }
  }

  /// Creates a layout that asks a closure for each section, at each invalidation.
  public init(sectionProvider: @escaping CollectionViewCompositionalLayoutSectionProvider) {
    self.sectionProvider = sectionProvider
    super.init()
  }

  /// The size of the laid-out content: the collection view's width, and the sections' height.
  public override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    return CGSize(width: preparedSize.width, height: contentHeight)
  }

  /// Asks for every section and works out its group's slots: O(sections × slots per group), whatever the number
  /// of items.
  public override func prepare() {
    preparations += 1
    sections = []
    contentHeight = 0
    guard let collectionView else {
      preparedSize = .zero
      return
    }
    // A view of negative, infinite or not-a-number size lays out as if it had none along that axis.
    preparedSize = CGSize(width: usable(collectionView.bounds.width), height: usable(collectionView.bounds.height))
    let environment = CompositionalLayoutEnvironment(
      container: CompositionalLayoutContainer(contentSize: preparedSize))
    var position: CGFloat = 0
    for (index, count) in collectionView.itemCountsForLayout().enumerated() {
      let built = CompositionalSectionGeometry(
        section: sectionProvider(index, environment), itemCount: count, start: position, viewSize: preparedSize)
      sections.append(built)
      position = built.end
    }
    contentHeight = position
  }

  /// The boundary items and cells whose frames overlap `rect`, section by section.
  ///
  /// Each section's top-aligned boundary items come first, then its cells, then its other boundary items. Costs
  /// O(log sections + the groups that may meet `rect`).
  public override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
    prepareIfNeeded()
    var attributes: [CollectionViewLayoutAttributes] = []
    var index = sections.firstSection(endingAfter: rect.minY)
    let visible = collectionView?.bounds ?? .zero
    while index < sections.count, sections[index].start < rect.maxY {
      let section = sections[index]
      let boundaries = section.boundaries.map { ($0, section.frame(of: $0, visible: visible)) }
      for (boundary, frame) in boundaries where boundary.isLeading && frame.overlaps(rect) {
        attributes.append(supplementary(boundary, frame: frame, section: index))
      }
      for item in section.items(near: rect) {
        itemsExamined += 1
        let frame = section.frame(ofItem: item)
        guard frame.overlaps(rect) else { continue }
        let cell = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index))
        cell.frame = frame
        attributes.append(cell)
      }
      for (boundary, frame) in boundaries where !boundary.isLeading && frame.overlaps(rect) {
        attributes.append(supplementary(boundary, frame: frame, section: index))
      }
      index += 1
    }
    return attributes
  }

  /// The attributes of an item's cell, computed in O(1) from its index; nil for an item that does not exist or
  /// that the section's group has no slot for.
  public override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.placedItemCount else { return nil }
    itemsExamined += 1
    let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = section.frame(ofItem: indexPath.item)
    return attributes
  }

  /// The attributes of a section's first boundary item of a kind (index path: the section and item 0), pinned
  /// where it pins; nil when the section has none.
  public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    prepareIfNeeded()
    guard indexPath.count == 2, indexPath.item == 0, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard let boundary = section.boundaries.first(where: { $0.kind == elementKind }) else { return nil }
    let frame = section.frame(of: boundary, visible: collectionView?.bounds ?? .zero)
    return supplementary(boundary, frame: frame, section: indexPath.section)
  }

  /// A new size lays the sections out again (fractions are of it); so does any scroll while a boundary item pins
  /// to the visible bounds.
  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    newBounds.size != preparedSize || sections.contains { $0.boundaries.contains { $0.pinning != .none } }
  }

  private func supplementary(_ boundary: PlacedBoundaryItem, frame: CGRect, section: Int)
    -> CollectionViewLayoutAttributes
  {
    let attributes = CollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: boundary.kind, with: IndexPath(item: 0, section: section))
    attributes.frame = frame
    return attributes
  }

}
