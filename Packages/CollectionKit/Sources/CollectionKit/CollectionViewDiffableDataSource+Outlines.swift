import Foundation
import ListCore

extension CollectionViewDiffableDataSource {
  /// Shows an outline in a section: the section's items become the outline's visible items, diffed against those
  /// shown and applied as one batch update, as ``apply(_:animatingDifferences:completion:)`` applies a snapshot.
  ///
  /// The data source keeps the outline: ``snapshot(for:)`` answers it while the section shows its visible items.
  /// `completion` runs once, before this method returns. Throws, leaving the collection view, ``snapshot()`` and
  /// the section's outline as they were: the outline's ``DiffableDataSourceSectionSnapshot/recordedMisuse``, a
  /// section the shown snapshot does not hold ("Invalid parameter not satisfying: section != NSNotFound …"),
  /// visible items another section holds ("Supplied item identifiers are not unique. …"), each as
  /// ``CollectionViewError/invalidSnapshot(_:)``, or what the batch update throws.
  public final func apply(
    _ sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws(CollectionViewError) {
    let next = currentSnapshot.replacingItems(inSection: section, with: sectionSnapshot)
    try apply(next, animatingDifferences: animatingDifferences)
    sectionOutlines[section] = sectionSnapshot
    completion?()
  }

  /// The outline a section shows: the one last applied to it with ``apply(_:to:animatingDifferences:completion:)``
  /// while the section shows exactly its visible items, otherwise the section's items at the top level.
  ///
  /// Applying a whole snapshot that changes a section's items, or a reordering in it, makes the section flat
  /// again. Empty for a section the shown snapshot does not hold (UIKit raises).
  public final func snapshot(for section: SectionIdentifierType) -> DiffableDataSourceSectionSnapshot<
    ItemIdentifierType
  > {
    if let outline = sectionOutlines[section] { return outline }
    var flat = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    flat.append(currentSnapshot.itemIdentifiers(inSection: section))
    return flat
  }

  /// Forgets the outlines of sections that no longer show exactly their visible items.
  final func forgetOutlinesNotShown() {
    guard !sectionOutlines.isEmpty else { return }
    sectionOutlines = sectionOutlines.filter { section, outline in
      currentSnapshot.indexOfSection(section) != nil
        && currentSnapshot.itemIdentifiers(inSection: section) == outline.visibleItems
    }
  }

  /// Whether a section's outline has items under parents.
  final func hasHierarchy(_ section: SectionIdentifierType) -> Bool {
    guard let outline = sectionOutlines[section] else { return false }
    return outline.rootItems.count != outline.items.count
  }
}

extension CollectionViewDiffableDataSource: OutlineDisclosureHandling {
  /// Expands or collapses the item at an index path as a tap on its disclosure does, through
  /// ``sectionSnapshotHandlers``; see ``CollectionView/handleOutlineDisclosureTap(at:)``.
  package final func handleDisclosureTap(at indexPath: IndexPath) throws(CollectionViewError) {
    guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section) else {
      throw .noItem(indexPath.item, section: indexPath.section)
    }
    var outline = snapshot(for: section)
    let handlers = sectionSnapshotHandlers
    guard
      outline.isExpanded(item) || !outline.snapshot(of: item).rootItems.isEmpty
        || handlers.snapshotForExpandingParent != nil
    else { throw .noOutlineDisclosure(item: indexPath.item, section: indexPath.section) }
    if outline.isExpanded(item) {
      guard handlers.shouldCollapseItem?(item) ?? true else { return }
      handlers.willCollapseItem?(item)
      outline.collapse([item])
    } else {
      guard handlers.shouldExpandItem?(item) ?? true else { return }
      handlers.willExpandItem?(item)
      if let children = handlers.snapshotForExpandingParent?(item, outline.snapshot(of: item)) {
        outline.replace(childrenOf: item, using: children)
      }
      outline.expand([item])
    }
    try apply(outline, to: section)
  }
}

/// A data source that expands and collapses outlines: what ``CollectionView/handleOutlineDisclosureTap(at:)``
/// needs of its data source.
@MainActor
package protocol OutlineDisclosureHandling: AnyObject {
  func handleDisclosureTap(at indexPath: IndexPath) throws(CollectionViewError)
}

extension CollectionView {
  /// What a user's tap on the outline disclosure of an item does: the diffable data source asks its
  /// `sectionSnapshotHandlers` (`shouldCollapseItem`, then `willCollapseItem`, for an expanded item;
  /// `shouldExpandItem`, `willExpandItem`, then `snapshotForExpandingParent` for a collapsed one), expands or
  /// collapses the item in the section's outline and applies it.
  ///
  /// A should-handler that answers false ends the tap: nothing changes. Throws
  /// ``CollectionViewError/dataSourceRequired(action:)``, ``CollectionViewError/diffableDataSourceRequired(action:)``
  /// (the data source is not a ``CollectionViewDiffableDataSource``), ``CollectionViewError/noItem(_:section:)``,
  /// ``CollectionViewError/noOutlineDisclosure(item:section:)`` (the item has no children and no
  /// `snapshotForExpandingParent` is set), or what applying the outline throws, leaving the view as it was.
  public func handleOutlineDisclosureTap(at indexPath: IndexPath) throws(CollectionViewError) {
    let action = "tap an outline disclosure"
    guard let dataSource else { throw .dataSourceRequired(action: action) }
    guard let outlines = dataSource as? any OutlineDisclosureHandling else {
      throw .diffableDataSourceRequired(action: action)
    }
    guard contains(indexPath) else {
      let section = indexPath.count == 2 ? indexPath.section : -1
      guard section >= 0, section < numberOfSections else { throw .noSection(section) }
      throw .noItem(indexPath.item, section: section)
    }
    try outlines.handleDisclosureTap(at: indexPath)
  }
}
