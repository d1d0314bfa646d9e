import Foundation
import ListCore

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

  /// What the cell shows, set as a whole; nil until the app sets one.
  ///
  /// Kept across reuse, as UIKit keeps it: a data source sets it for every row it binds.
  open var contentConfiguration: (any ContentConfiguration)?

  /// Creates a cell; the table view calls this for registered classes.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// A plain list configuration to fill in and assign to ``contentConfiguration``; subclasses may start
  /// from another style.
  open func defaultContentConfiguration() -> ListContentConfiguration {
    .cell()
  }

  /// Resets the cell before the table view hands it out again; call `super` when overriding.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
  }
}
