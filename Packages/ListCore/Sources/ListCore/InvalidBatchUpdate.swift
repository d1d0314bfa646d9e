/// A batch update whose changes do not add up, with UIKit's message.
///
/// "Invalid update: invalid number of rows in section 0. …" for a table, "… items …" for a collection view.
/// ``BatchUpdate/resolve(before:after:wording:)`` throws it; a view throws it on as its own error with the same
/// message (TableKit's `TableViewError.invalidUpdate(_:)`).
public struct InvalidBatchUpdate: Error, Hashable, Sendable, CustomStringConvertible {
  /// UIKit's message, in the view's words.
  public let message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
