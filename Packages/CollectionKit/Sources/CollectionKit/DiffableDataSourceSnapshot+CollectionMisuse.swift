import ListCore

extension DiffableDataSourceSnapshot {
  /// The first misuse recorded (a call UIKit would have answered with an exception), as the
  /// ``CollectionViewError/invalidSnapshot(_:)`` applying the snapshot to a ``CollectionViewDiffableDataSource``
  /// throws; nil for a snapshot built as UIKit allows.
  ///
  /// ListCore's `recordedMisuse` is the same misuse in neutral form. A file that also imports TableKit, whose
  /// `firstMisuse` is a `TableViewError`, names the type it wants: `snapshot.firstMisuse as CollectionViewError?`.
  public var firstMisuse: CollectionViewError? {
    recordedMisuse.map { .invalidSnapshot($0.message) }
  }
}
