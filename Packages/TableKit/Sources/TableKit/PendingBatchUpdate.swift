import ListCore

/// The batch update a table view is recording inside ``TableView/performBatchUpdates(_:completion:)``: the changes
/// (checked by ListCore's `BatchUpdate` as UIKit checks them), and what only the table keeps about the batch.
struct PendingBatchUpdate {
  var changes = BatchUpdate()
  /// Whether ``TableView/reloadData()`` was called inside the batch, which refuses it.
  var reloadDataRequested = false
  /// The completions of batches nested in this one, told the outer batch's outcome.
  var nestedCompletions: [(Bool) -> Void] = []
}
