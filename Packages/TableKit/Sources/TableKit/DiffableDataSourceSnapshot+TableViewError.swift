import ListCore

extension DiffableDataSourceSnapshot {
  /// The first misuse recorded (a call UIKit would have answered with an exception), as the
  /// ``TableViewError/invalidSnapshot(_:)`` applying the snapshot to a ``TableViewDiffableDataSource`` throws; nil
  /// for a snapshot built as UIKit allows.
  ///
  /// ListCore's `recordedMisuse` is the same misuse in neutral form. A file that also imports CollectionKit, whose
  /// `firstMisuse` is a `CollectionViewError`, names the type it wants: `snapshot.firstMisuse as TableViewError?`.
  public var firstMisuse: TableViewError? {
    recordedMisuse.map { .invalidSnapshot($0.message) }
  }
}
