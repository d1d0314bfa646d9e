import Foundation

extension TableViewCell {
  /// The editing control a row shows in editing mode, and what committing it means, as
  /// `UITableViewCell.EditingStyle` is.
  public enum EditingStyle: Sendable, Hashable {
    /// No control; the row cannot be deleted or inserted by the user.
    case none
    /// A delete control (and swipe to delete outside editing mode).
    case delete
    /// An insert control.
    case insert
  }
}
