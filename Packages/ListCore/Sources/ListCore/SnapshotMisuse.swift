/// A call a snapshot refused where UIKit raises an exception, with UIKit's reason as its message.
///
/// A ``DiffableDataSourceSnapshot`` keeps the first in ``DiffableDataSourceSnapshot/recordedMisuse``, leaving
/// itself as it was for that call; a data source applying the snapshot throws it as its own error (TableKit's
/// `TableViewError.invalidSnapshot(_:)`), with the same message.
public struct SnapshotMisuse: Error, Hashable, Sendable, CustomStringConvertible {
  /// UIKit's exception reason, identifiers written as `String(reflecting:)` writes them.
  public let message: String

  @usableFromInline
  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
