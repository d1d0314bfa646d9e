import Foundation

/// A legacy edit action shown when a row is swiped, as `UITableViewRowAction` is.
@MainActor
public final class TableViewRowAction {
  /// How an action looks.
  public enum Style: Sendable, Hashable {
    /// The standard look.
    case `default`
    /// A destructive action (red on iOS).
    case destructive
    /// A neutral action.
    case normal
  }

  /// The action's look.
  public let style: Style
  /// The button's title, which users and tests pick the action by.
  public let title: String?
  /// What performing the action does.
  public let handler: (TableViewRowAction, IndexPath) -> Void

  /// Creates an action.
  public init(style: Style, title: String?, handler: @escaping (TableViewRowAction, IndexPath) -> Void) {
    self.style = style
    self.title = title
    self.handler = handler
  }
}
