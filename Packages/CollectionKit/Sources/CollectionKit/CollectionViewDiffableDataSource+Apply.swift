import Foundation
import ListCore

extension CollectionViewDiffableDataSource {
  /// Shows a snapshot: diffs it against the one shown (ListCore's ``Changeset``) and applies the changes as one
  /// ``CollectionView/performBatchUpdates(_:completion:)``, so that visible cells of kept items stay and the
  /// selection follows its items.
  ///
  /// It diffs whether or not `animatingDifferences` is true, as UIKit does since iOS 15. Items marked with
  /// ``DiffableDataSourceSnapshot/reloadItems(_:)`` (or in sections marked with
  /// ``DiffableDataSourceSnapshot/reloadSections(_:)``) get new cells; visible items marked with
  /// ``DiffableDataSourceSnapshot/reconfigureItems(_:)`` keep theirs, configured again. `completion` runs once,
  /// before this method returns. Throws the snapshot's ``DiffableDataSourceSnapshot/firstMisuse``, or what the
  /// batch update throws, leaving the collection view and ``snapshot()`` as they were (then `completion` is not
  /// called).
  ///
  /// The diff runs in the caller's module, specialised for its identifier types (the method is inlinable), as
  /// TableKit's does; the rest of the update is ``commit(_:sections:changeset:)``.
  @inlinable
  public final func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws(CollectionViewError) {
    try checkApplicable(snapshot)
    let sections = snapshot.diffableSections()
    let changeset = Changeset.difference(from: currentSections ?? currentSnapshot.diffableSections(), to: sections)
    try commit(snapshot, sections: sections, changeset: changeset)
    completion?()
  }

  /// Makes `snapshot` the shown one and updates the collection view with `changeset` (the diff from the shown
  /// one, whose sections are `sections`), plus its reloads and reconfigures, as one batch update; on failure,
  /// puts everything back and rethrows.
  @usableFromInline
  final func commit(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    sections: [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>],
    changeset: Changeset
  ) throws(CollectionViewError) {
    let oldSnapshot = currentSnapshot
    let oldSections = currentSections
    var changeset = changeset
    let reloaded = snapshot.itemsToReload
    if !reloaded.isEmpty { changeset.addReloads(of: reloaded, from: oldSnapshot, to: snapshot) }
    // Reconfigures name items as they were before the update; new and reloaded items have nothing to reconfigure.
    let reconfigured = snapshot.itemsToReconfigure.compactMap { oldSnapshot.indexPath(ofItem: $0) }
    guard let collectionView else {
      currentSnapshot = snapshot.withoutMarks
      currentSections = sections
      forgetOutlinesNotShown()
      return
    }
    // The batch compares the collection view's counts before with the data source's after: load the old ones.
    _ = collectionView.numberOfSections
    currentSnapshot = snapshot.withoutMarks
    currentSections = sections
    isApplying = true
    defer { isApplying = false }
    do {
      try collectionView.performBatchUpdates {
        collectionView.record(changeset)
        collectionView.reconfigureItems(at: reconfigured)
      }
    } catch {
      currentSnapshot = oldSnapshot
      currentSections = oldSections
      throw error
    }
    forgetOutlinesNotShown()
  }

  /// Shows a snapshot without diffing: the collection view reloads its data (which clears its selection).
  ///
  /// `completion` runs once, before this method returns. Throws the snapshot's
  /// ``DiffableDataSourceSnapshot/firstMisuse``, leaving the collection view and ``snapshot()`` as they were.
  public final func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) throws(CollectionViewError) {
    try checkApplicable(snapshot)
    currentSnapshot = snapshot.withoutMarks
    collectionView?.reloadData()
    forgetOutlinesNotShown()
    completion?()
  }

  /// Throws when a snapshot cannot be applied now: it recorded a misuse, or the data source or its collection
  /// view is in the middle of an update.
  @usableFromInline
  final func checkApplicable(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) throws(CollectionViewError) {
    if let misuse: CollectionViewError = snapshot.firstMisuse { throw misuse }
    if isApplying {
      throw .invalidUpdate("Invalid update: a snapshot was applied while the data source was applying another one")
    }
    if collectionView?.pendingUpdates != nil {
      throw .invalidUpdate("Invalid update: a snapshot cannot be applied inside performBatchUpdates(_:completion:)")
    }
  }
}
