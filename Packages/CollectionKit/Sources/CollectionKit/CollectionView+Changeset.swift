import Foundation
import ListCore

extension CollectionView {
  /// Applies a changeset in one batch update; the data source must already answer with the new data.
  ///
  /// The changeset is ListCore's ``Changeset``, e.g. from ``Changeset/difference(from:to:)``. This is TableKit's
  /// `TableView.apply(_:completion:)` for collections; UIKit has no such method.
  ///
  /// Throws what ``performBatchUpdates(_:completion:)`` throws when the changeset does not match the data source,
  /// leaving the collection view as it was.
  public func apply(_ changeset: Changeset, completion: ((Bool) -> Void)? = nil) throws(CollectionViewError) {
    try performBatchUpdates({ self.record(changeset) }, completion: completion)
  }

  /// Records a changeset's changes in the batch being recorded.
  func record(_ changeset: Changeset) {
    deleteSections(changeset.sectionDeletes)
    insertSections(changeset.sectionInserts)
    for move in changeset.sectionMoves { moveSection(move.from, toSection: move.to) }
    deleteItems(at: changeset.rowDeletes)
    insertItems(at: changeset.rowInserts)
    for move in changeset.rowMoves { moveItem(at: move.from, to: move.to) }
    reloadItems(at: changeset.rowReloads)
  }
}
