import Foundation

/// An item identifier in the form ``Changeset/difference(from:to:)`` takes: identified by itself, so equal
/// identifiers are the same unchanged item (rows whose content changed are marked for reload instead).
@usableFromInline
struct IdentifiedItem<ID: Hashable>: Identifiable, Equatable {
  @usableFromInline let id: ID

  @inlinable
  init(_ id: ID) {
    self.id = id
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id
  }
}

extension DiffableDataSourceSnapshot {
  /// The sections in the form the diff takes.
  @inlinable
  func diffableSections() -> [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>] {
    sectionIDs.indices.map { DiffableSection(id: sectionIDs[$0], items: sectionItems[$0].map(IdentifiedItem.init)) }
  }

  /// The items whose rows get new cells: those marked for reload and those of sections marked for reload.
  @usableFromInline
  var itemsToReload: Set<ItemIdentifierType> {
    var items = reloadedItems.members
    for section in reloadedSections.elements { items.formUnion(itemIdentifiers(inSection: section)) }
    return items
  }
}

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
    if !reloaded.isEmpty { Self.addReloads(of: reloaded, to: &changeset, from: oldSnapshot, to: snapshot) }
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
    let reconfigured = snapshot.reconfiguredItems.elements.filter { !reloaded.contains($0) }
    if !reconfigured.isEmpty {
      tableView.reconfigureRows(at: reconfigured.compactMap { snapshot.indexPath(ofItem: $0) })
    }
  }

  /// Adds the rows of reloaded items to a changeset: a row that stays is reloaded; one that moves is
  /// deleted and inserted instead (a batch update cannot both move and reload a row).
  static func addReloads(
    of items: Set<ItemIdentifierType>,
    to changeset: inout Changeset,
    from old: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    to new: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    var moveFrom: [IndexPath: Int] = [:]
    for (index, move) in changeset.rowMoves.enumerated() { moveFrom[move.from] = index }
    let deleted = Set(changeset.rowDeletes)
    var movesToDrop = Set<Int>()
    for item in items {
      guard let oldPath = old.indexPath(ofItem: item), let newPath = new.indexPath(ofItem: item),
        !changeset.sectionDeletes.contains(oldPath.section)
      else { continue }
      if let move = moveFrom[oldPath] {
        movesToDrop.insert(move)
        changeset.rowDeletes.append(oldPath)
        changeset.rowInserts.append(newPath)
      } else if !deleted.contains(oldPath) {
        changeset.rowReloads.append(oldPath)
      }
    }
    if !movesToDrop.isEmpty {
      changeset.rowMoves = changeset.rowMoves.indices.filter { !movesToDrop.contains($0) }.map {
        changeset.rowMoves[$0]
      }
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
