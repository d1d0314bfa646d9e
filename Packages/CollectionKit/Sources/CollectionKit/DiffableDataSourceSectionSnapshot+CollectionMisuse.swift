import ListCore

extension DiffableDataSourceSectionSnapshot {
  /// The first misuse recorded (a call UIKit would have answered with an exception), as the
  /// ``CollectionViewError/invalidSnapshot(_:)`` applying the outline to a section of a
  /// ``CollectionViewDiffableDataSource`` throws; nil for an outline built as UIKit allows.
  public var firstMisuse: CollectionViewError? {
    recordedMisuse.map { .invalidSnapshot($0.message) }
  }
}
