import Foundation
import ListCore

extension TableViewDiffableDataSource {
  /// Throws when a snapshot cannot be applied now: it recorded a misuse, or the data source or its table is
  /// in the middle of an update.
  @usableFromInline
  final func checkApplicable(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) throws {
    if let misuse = snapshot.firstMisuse { throw misuse }
    if isApplying {
      throw TableViewError.invalidUpdate(
        "Invalid update: a snapshot was applied while the data source was applying another one")
    }
    if tableView?.pendingUpdates != nil {
      throw TableViewError.invalidUpdate(
        "Invalid update: a snapshot cannot be applied inside performBatchUpdates(_:completion:)")
    }
  }

  /// Makes `snapshot` the shown one and updates the table with `changeset` (the diff from the shown one),
  /// plus its reloads and reconfigures; on failure, puts everything back and rethrows.
  @usableFromInline
  final func commit(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    sections: [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>],
    changeset: Changeset
  ) throws {
    let oldSnapshot = currentSnapshot
    let oldSections = currentSections
    guard let tableView else {
      currentSnapshot = snapshot.withoutMarks
      currentSections = sections
      lastChanges = changeset
      return
    }
    // The batch compares the table's counts before with the data source's after: load the old ones first.
    tableView.loadIfNeeded()
    let selection = tableView.selectedRows
    let reloaded = snapshot.itemsToReload
    var changeset = changeset
    if !reloaded.isEmpty { changeset.addReloads(of: reloaded, from: oldSnapshot, to: snapshot) }
    currentSnapshot = snapshot.withoutMarks
    currentSections = sections
    isApplying = true
    defer { isApplying = false }
    do {
      try tableView.apply(changeset)
    } catch {
      currentSnapshot = oldSnapshot
      currentSections = oldSections
      tableView.reloadData()
      tableView.restoreSelection(selection)
      throw error
    }
    lastChanges = changeset
    let reconfigured = snapshot.itemsToReconfigure
    if !reconfigured.isEmpty {
      tableView.reconfigureRows(at: reconfigured.compactMap { snapshot.indexPath(ofItem: $0) })
    }
  }
}

extension TableView {
  /// Selects exactly `rows` again (after a resynchronising reload), without calling the delegate.
  func restoreSelection(_ rows: Set<IndexPath>) {
    selectedRows = Set(rows.filter { contains($0) })
    for (indexPath, cell) in displayedCells { cell.isSelected = selectedRows.contains(indexPath) }
  }
}
