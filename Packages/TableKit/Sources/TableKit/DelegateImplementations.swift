/// Which optional height methods a table view's delegate implements, learnt from the first call to each:
/// the table view's stand-in for UIKit's `respondsToSelector(_:)`.
///
/// A Swift protocol's default implementation cannot be told from a conforming type's own one without
/// calling it, so the defaults in `extension TableViewDelegate` report themselves to the table view that
/// called them (`TableView.noteDefaultHeightAnswered(_:by:)`). A method whose default answered for the
/// delegate itself is not implemented: the table stops asking it and uses its own heights, as UIKit does
/// for a delegate that does not respond to the selector.
struct DelegateImplementations {
  /// The delegate this describes; nil before the first question.
  var delegate: ObjectIdentifier?
  /// Methods whose first call the delegate's own implementation answered.
  var implemented: DelegateHeightMethods = []
  /// Methods whose first call the protocol's default answered.
  var notImplemented: DelegateHeightMethods = []
  /// The default implementation that answered most recently, and the object it answered for.
  var lastDefaultAnswer: (method: DelegateHeightMethods, object: ObjectIdentifier)?
  /// How many times a default height implementation has answered for this delegate (for tests).
  var defaultAnswerCount = 0
}
