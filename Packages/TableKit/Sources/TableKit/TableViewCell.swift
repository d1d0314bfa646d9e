import Foundation

/// A row's view, as `UITableViewCell` is: created by the table view for a registered class and reused as
/// rows scroll in and out of sight.
///
/// Subclasses add the properties they bind cell models to. A subclass with no initialiser of its own
/// inherits ``init(reuseIdentifier:)`` and registers as it is.
@MainActor
open class TableViewCell {
  /// The identifier the cell was registered and dequeued with.
  public let reuseIdentifier: String?
  /// Whether the cell shows its row as selected; the table view keeps it in step with its selection.
  open var isSelected = false
  /// Whether the cell shows its row as highlighted (touched).
  open var isHighlighted = false

  /// Creates a cell; the table view calls this for registered classes.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the cell before the table view hands it out again; call `super` when overriding.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }
}
