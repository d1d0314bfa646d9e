import Foundation
import ListCore

extension CollectionView {
  /// Applies the item and section changes made in `updates` as one batch, checked against the data source as
  /// UIKit checks them.
  ///
  /// Inside the batch, deletes and reloads name items as they were before the update, inserts as they are after
  /// it. When the changes do not add up to the data source's new counts, the collection view throws
  /// ``CollectionViewError/invalidUpdate(_:)`` with UIKit's message and stays exactly as it was (counts, cells,
  /// selection, layout); it never crashes. Otherwise the layout is invalidated, visible cells follow their items,
  /// the selection follows moved items and drops deleted and reloaded ones, and `completion` gets true. The cells
  /// of deleted and reloaded items end their display after the new cells are displayed (UIKit ends them when
  /// their animation does), so a reloaded item always gets another cell. A kept section's shown header and
  /// footer stay the same views at its new index; those of deleted and reloaded sections end their display in the
  /// same way.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil)
    throws(CollectionViewError)
  {
    if pendingUpdates != nil {
      // Nested: its changes join the outer batch, and its completion learns the outer batch's outcome.
      updates?()
      if let completion { nestedCompletions.append(completion) }
      return
    }
    loadModelIfNeeded()
    pendingUpdates = BatchUpdate()
    updates?()
    let batch = pendingUpdates ?? BatchUpdate()
    let completions = nestedCompletions + (completion.map { [$0] } ?? [])
    pendingUpdates = nil
    nestedCompletions = []
    do {
      try apply(batch)
    } catch {
      for completion in completions { completion(false) }
      throw error
    }
    for completion in completions { completion(true) }
  }

  /// Inserts items (as they are after the update).
  public func insertItems(at indexPaths: [IndexPath]) {
    record { $0.itemInserts += indexPaths }
  }

  /// Deletes items (as they were before the update).
  public func deleteItems(at indexPaths: [IndexPath]) {
    record { $0.itemDeletes += indexPaths }
  }

  /// Moves an item from where it was before the update to where it is after it; its selection goes with it.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record { $0.itemMoves.append((indexPath, newIndexPath)) }
  }

  /// Reloads items (as they were before the update): visible ones get new cells and they lose their selection.
  public func reloadItems(at indexPaths: [IndexPath]) {
    record { $0.itemReloads += indexPaths }
  }

  /// Asks the data source again for the cells of items (as they were before the update), handing it the cells
  /// they show: UIKit's `reconfigureItems(at:)`.
  ///
  /// While the data source answers for a visible item, ``dequeueReusableCell(withReuseIdentifier:for:)`` with
  /// that item and the shown cell's reuse identifier returns the shown cell itself, so the cell is configured in
  /// place: it keeps its selection and no display delegate method is called. Items that are not visible are
  /// skipped, as are items deleted or reloaded in the same batch.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    record { $0.itemReconfigures += indexPaths }
  }

  /// Inserts sections (as they are after the update).
  public func insertSections(_ sections: IndexSet) {
    record { $0.sectionInserts += Array(sections) }
  }

  /// Deletes sections (as they were before the update).
  public func deleteSections(_ sections: IndexSet) {
    record { $0.sectionDeletes += Array(sections) }
  }

  /// Moves a section from where it was before the update to where it is after it.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record { $0.sectionMoves.append((section, newSection)) }
  }

  /// Reloads sections (as they were before the update): all their visible items get new cells.
  public func reloadSections(_ sections: IndexSet) {
    record { $0.sectionReloads += Array(sections) }
  }

  /// Records a change in the current batch, or applies it as a batch of its own, keeping a failure in
  /// ``lastInvalidUpdate``.
  private func record(_ change: (inout BatchUpdate) -> Void) {
    if pendingUpdates != nil {
      change(&pendingUpdates!)
      return
    }
    var batch = BatchUpdate()
    change(&batch)
    do {
      try performBatchUpdates { self.pendingUpdates = batch }
    } catch {
      lastInvalidUpdate = error
    }
  }

  /// Checks a batch against the data source and, only when it adds up, moves cells, selection and counts on.
  private func apply(_ batch: BatchUpdate) throws(CollectionViewError) {
    guard let dataSource else { throw .dataSourceRequired(action: "perform batch updates") }
    let before = itemCounts
    let sections = max(0, dataSource.numberOfSections(in: self))
    let after = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    let plan: BatchUpdatePlan
    do {
      plan = try batch.resolve(before: before, after: after, wording: .collection)
    } catch {
      throw .invalidUpdate(error.message)
    }
    mutationCount += 1
    var keptCells: [IndexPath: CollectionViewCell] = [:]
    var removedCells: [(IndexPath, CollectionViewCell)] = []
    for (old, cell) in displayedCells.sorted(by: { $0.key < $1.key }) {
      if !plan.isReloaded(old), let new = plan.newIndexPath(for: old) {
        keptCells[new] = cell
      } else {
        removedCells.append((old, cell))
      }
    }
    selectedItems = Set(selectedItems.compactMap { plan.isReloaded($0) ? nil : plan.newIndexPath(for: $0) })
    let (keptViews, removedViews) = supplementaryViewsFollowingSections(plan)
    displayedSupplementaryViews = keptViews
    itemCounts = after
    displayedCells = keptCells
    for (path, cell) in keptCells {
      cell.setState(isSelected: selectedItems.contains(path), isHighlighted: false)
    }
    shiftPrefetchedItems { plan.isReloaded($0) ? nil : plan.newIndexPath(for: $0) }
    invalidateLayoutForModel()
    layoutCells()
    // Cells of deleted and reloaded items end their display after the new cells are shown, as UIKit's end with
    // their animation: a reloaded item's new cell is never its old one.
    for (old, cell) in removedCells { endDisplaying(cell, at: old) }
    for (old, view) in removedViews { endDisplaying(view, at: old) }
    let reconfigured = batch.itemReconfigures.compactMap { plan.isReloaded($0) ? nil : plan.newIndexPath(for: $0) }
    if !reconfigured.isEmpty { reconfigureDisplayedItems(reconfigured) }
  }

  /// Asks the data source again for the cells of visible items, handing back the cells they show.
  private func reconfigureDisplayedItems(_ indexPaths: [IndexPath]) {
    guard let dataSource else { return }
    for indexPath in Set(indexPaths).sorted() {
      guard let cell = displayedCells[indexPath] else { continue }
      reconfiguring = (indexPath, cell)
      dequeuedDuringRequest = []
      misuseDuringRequest = nil
      Self.cellRequestsInProgress += 1
      let answer = dataSource.collectionView(self, cellForItemAt: indexPath)
      Self.cellRequestsInProgress -= 1
      reconfiguring = nil
      let dequeued = dequeuedDuringRequest.contains(ObjectIdentifier(answer))
      dequeuedDuringRequest = []
      if let misuse = misuseDuringRequest {
        // The shown cell stays; the misuse is kept as a display's is.
        misuseDuringRequest = nil
        lastDisplayError = misuse
        continue
      }
      guard answer !== cell, dequeued else { continue }
      // Another cell: it is shown, the old one goes back to the pool.
      answer.frame = cell.frame
      answer.setState(isSelected: selectedItems.contains(indexPath), isHighlighted: false, updating: true)
      displayedCells[indexPath] = answer
      endDisplaying(cell, at: indexPath)
      delegate?.collectionView(self, willDisplay: answer, forItemAt: indexPath)
    }
  }
}
