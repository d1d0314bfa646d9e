import Foundation
import ListCore

extension TableView {
  /// Applies a changeset in one batch update; the data source must already answer with the new snapshot.
  ///
  /// Throws what ``performBatchUpdates(_:completion:)`` throws when the changeset does not match the data
  /// source (after resynchronising).
  public func apply(_ changeset: Changeset, completion: ((Bool) -> Void)? = nil) throws {
    try performBatchUpdates(
      { [self] in
        deleteSections(changeset.sectionDeletes, with: .automatic)
        insertSections(changeset.sectionInserts, with: .automatic)
        for move in changeset.sectionMoves { moveSection(move.from, toSection: move.to) }
        deleteRows(at: changeset.rowDeletes, with: .automatic)
        insertRows(at: changeset.rowInserts, with: .automatic)
        for move in changeset.rowMoves { moveRow(at: move.from, to: move.to) }
        reloadRows(at: changeset.rowReloads, with: .automatic)
      }, completion: completion)
  }
}
