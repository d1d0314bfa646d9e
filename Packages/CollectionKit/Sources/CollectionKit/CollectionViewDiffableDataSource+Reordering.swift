import Foundation
import ListCore

extension CollectionViewDiffableDataSource {
  /// Whether the user may move an item: ``reorderingHandlers``' `canReorderItem` answers; without it, or for an
  /// item of a section whose outline has items under parents, no item moves.
  public final func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard let canReorderItem = reorderingHandlers.canReorderItem, let item = itemIdentifier(for: indexPath),
      let section = sectionIdentifier(for: indexPath.section), !hasHierarchy(section)
    else { return false }
    return canReorderItem(item)
  }

  /// Moves an item the user moved in the shown snapshot, telling ``reorderingHandlers``: `willReorder` before the
  /// snapshot changes, `didReorder` after it (once the collection view shows the move, when it is ending an
  /// interactive movement).
  ///
  /// `destinationIndexPath` is the item's place after the move; in another section it may be one past that
  /// section's last item. A move to where the item is, or from or to a place the snapshot does not have, does
  /// nothing. The sections it changes lose their outlines (they are flat: see ``snapshot(for:)``).
  public final func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    guard let final = snapshotMoving(from: sourceIndexPath, to: destinationIndexPath) else { return }
    let transaction = DiffableDataSourceTransaction(initialSnapshot: currentSnapshot, finalSnapshot: final)
    reorderingHandlers.willReorder?(transaction)
    currentSnapshot = final
    forgetOutlinesNotShown()
    if collectionView.interactiveMovement?.isEnding == true {
      pendingReorder = transaction
    } else {
      reorderingHandlers.didReorder?(transaction)
    }
  }

  /// The shown snapshot with one item moved, or nil when the move names no item or no place, or goes nowhere.
  private func snapshotMoving(from source: IndexPath, to destination: IndexPath) -> DiffableDataSourceSnapshot<
    SectionIdentifierType, ItemIdentifierType
  >? {
    guard source != destination, itemIdentifier(for: source) != nil, destination.count == 2,
      sectionIdentifier(for: destination.section) != nil
    else { return nil }
    var sections = currentSnapshot.sectionIdentifiers.map { currentSnapshot.itemIdentifiers(inSection: $0) }
    let item = sections[source.section].remove(at: source.item)
    guard destination.item >= 0, destination.item <= sections[destination.section].count else { return nil }
    sections[destination.section].insert(item, at: destination.item)
    var final = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    final.appendSections(currentSnapshot.sectionIdentifiers)
    for (section, items) in zip(currentSnapshot.sectionIdentifiers, sections) where !items.isEmpty {
      final.appendItems(items, toSection: section)
    }
    return final
  }
}

extension CollectionViewDiffableDataSource: InteractiveMovementObserving {
  /// Tells `didReorder` about the move the collection view now shows.
  final func collectionViewDidEndInteractiveMovement() {
    guard let transaction = pendingReorder else { return }
    pendingReorder = nil
    reorderingHandlers.didReorder?(transaction)
  }
}
