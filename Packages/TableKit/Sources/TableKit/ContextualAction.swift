import Foundation

/// A swipe action, as `UIContextualAction` is: its handler reports through a completion whether it was
/// performed.
@MainActor
public final class ContextualAction {
  /// How an action looks.
  public enum Style: Sendable, Hashable {
    /// A neutral action.
    case normal
    /// A destructive action.
    case destructive
  }

  /// Performs the action: `sourceView` is the row's cell; call `completion(true)` once performed,
  /// `completion(false)` if not.
  public typealias Handler = (ContextualAction, TableViewCell, @escaping (Bool) -> Void) -> Void

  /// The action's look.
  public let style: Style
  /// The button's title, which users and tests pick the action by.
  public let title: String?
  /// What performing the action does.
  public let handler: Handler

  /// Creates an action.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}

/// The swipe actions of one edge of a row, as `UISwipeActionsConfiguration` is.
@MainActor
public final class SwipeActionsConfiguration {
  /// The actions, from the edge inwards.
  public let actions: [ContextualAction]
  /// Whether a full swipe performs the first action.
  public var performsFirstActionWithFullSwipe = true

  /// Creates a configuration.
  public init(actions: [ContextualAction]) {
    self.actions = actions
  }
}
