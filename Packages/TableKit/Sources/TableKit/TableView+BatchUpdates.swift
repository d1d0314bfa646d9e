import Foundation
import ListCore

extension TableView {
  /// Applies the row and section changes made in `updates` as one batch, checking them against the data
  /// source as UIKit does.
  ///
  /// Inside the batch, deletes and reloads name rows as they were before the update, inserts as they are
  /// after it. When the changes do not add up to the data source's new counts, the table resynchronises
  /// with its data source as ``reloadData()`` would and throws a ``TableViewError/invalidUpdate(_:)`` whose
  /// message follows UIKit's; it never crashes. Selection follows moved rows, shifts with inserts and
  /// deletes, and drops deleted and reloaded rows. Visible cells of surviving rows are kept; reloaded rows
  /// get new cells.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) throws {
    loadIfNeeded()
    if pendingUpdates != nil {
      // Nested: its changes join the outer batch, and its completion learns the outer batch's outcome.
      updates?()
      if let completion { pendingUpdates?.nestedCompletions.append(completion) }
      return
    }
    pendingUpdates = PendingBatchUpdate()
    updates?()
    try commitPendingUpdates(completion: completion)
  }

  private func commitPendingUpdates(completion: ((Bool) -> Void)?) throws {
    let batch = pendingUpdates ?? PendingBatchUpdate()
    pendingUpdates = nil
    do {
      if batch.reloadDataRequested {
        throw TableViewError.invalidUpdate(
          "Invalid update: reloadData() must not be called inside performBatchUpdates(_:completion:)")
      }
      try apply(batch.changes)
      for nested in batch.nestedCompletions { nested(true) }
      completion?(true)
    } catch {
      reloadData()
      for nested in batch.nestedCompletions { nested(false) }
      completion?(false)
      throw error
    }
  }

  /// Inserts rows (as they are after the update).
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemInserts += indexPaths }
  }

  /// Deletes rows (as they were before the update).
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemDeletes += indexPaths }
  }

  /// Reloads rows (as they were before the update): they get new cells and lose their selection.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    record { $0.itemReloads += indexPaths }
  }

  /// Asks the data source again for the cells of rows (as they were before the update), handing it the
  /// cells they show: UIKit's `reconfigureRows(at:)` (iOS 15).
  ///
  /// While the data source answers for a visible row, ``dequeueReusableCell(withIdentifier:for:)`` with
  /// that row and the shown cell's reuse identifier returns the shown cell itself, without
  /// `prepareForReuse()`, so the cell is updated in place: it keeps its selection and no display delegate
  /// method is called. Rows that are not visible are skipped (they get a cell when they scroll in), as are
  /// rows deleted or reloaded in the same batch. A data source that answers with another cell gets that cell
  /// shown, the old one going back to the reuse pool. Outside a batch it is a batch of its own, checked like
  /// the others.
  public func reconfigureRows(at indexPaths: [IndexPath]) {
    record { $0.itemReconfigures += indexPaths }
  }

  /// Moves a row from where it was before the update to where it is after it.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record { $0.itemMoves.append((indexPath, newIndexPath)) }
  }

  /// Inserts sections (as they are after the update).
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionInserts += Array(sections) }
  }

  /// Deletes sections (as they were before the update).
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionDeletes += Array(sections) }
  }

  /// Reloads sections (as they were before the update): all their rows get new cells.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    record { $0.sectionReloads += Array(sections) }
  }

  /// Moves a section from where it was before the update to where it is after it.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record { $0.sectionMoves.append((section, newSection)) }
  }

  /// Records a change in the current batch, or applies it as a batch of its own.
  ///
  /// UIKit's signatures cannot throw: an inconsistent change outside a batch resynchronises and is kept in ``lastInvalidUpdate``.
  private func record(_ change: (inout BatchUpdate) -> Void) {
    if pendingUpdates != nil {
      change(&pendingUpdates!.changes)
      return
    }
    loadIfNeeded()
    var batch = PendingBatchUpdate()
    change(&batch.changes)
    pendingUpdates = batch
    do {
      try commitPendingUpdates(completion: nil)
    } catch let error as TableViewError {
      lastInvalidUpdate = error
    } catch {
      lastInvalidUpdate = .invalidUpdate(String(describing: error))
    }
  }

  private func apply(_ batch: BatchUpdate) throws(TableViewError) {
    mutationCount += 1
    isApplyingUpdates = true
    defer {
      isApplyingUpdates = false
      performDeferredReload()
    }
    let before = rowCounts
    guard let dataSource else {
      throw TableViewError.dataSourceRequired(action: "perform batch updates")
    }
    let sections = max(0, dataSource.numberOfSections(in: self))
    let after = (0..<sections).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    let plan: BatchUpdatePlan
    do {
      plan = try batch.resolve(before: before, after: after, wording: .table)
    } catch {
      throw .invalidUpdate(error.message)
    }

    var keptCells: [IndexPath: TableViewCell] = [:]
    for (old, cell) in displayedCells.sorted(by: { $0.key < $1.key }) {
      if !plan.isReloaded(old), let new = plan.newIndexPath(for: old) {
        keptCells[new] = cell
      } else {
        endDisplaying(cell, at: old)
      }
    }
    selectedRows = Set(selectedRows.compactMap { plan.isReloaded($0) ? nil : plan.newIndexPath(for: $0) })
    if let row = actionSession?.row { actionSession?.row = plan.newIndexPath(for: row) }
    prefetching.pendingRows = Set(prefetching.pendingRows.compactMap { plan.newIndexPath(for: $0) })
    rowCounts = after
    headerTitles = (0..<sections).map { dataSource.tableView(self, titleForHeaderInSection: $0) }
    footerTitles = (0..<sections).map { dataSource.tableView(self, titleForFooterInSection: $0) }
    computeGeometry()
    displayedCells = keptCells
    for (path, cell) in keptCells { cell.isSelected = selectedRows.contains(path) }
    layoutCells()
    if !batch.itemReconfigures.isEmpty {
      reconfigureDisplayedRows(
        batch.itemReconfigures.compactMap { plan.isReloaded($0) ? nil : plan.newIndexPath(for: $0) })
    }
  }
}
