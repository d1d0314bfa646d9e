import Foundation

/// Reacts to what happens in a ``TableView`` and shapes interaction with it, as `UITableViewDelegate` does.
///
/// Every method is optional: the defaults behave as UIKit does when a delegate does not implement them
/// ("yes, that path" for the will- methods, no actions, nothing to do for notifications).
@MainActor
public protocol TableViewDelegate: AnyObject {
  /// Whether a touch highlights the row; a row that cannot be highlighted cannot be tapped. True by default.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool

  /// The row to select instead of `indexPath`, or nil to select nothing. `indexPath` by default.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?

  /// A row was selected by the user.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)

  /// The row to deselect instead of `indexPath`, or nil to keep it selected. `indexPath` by default.
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?

  /// A row was deselected by the user (directly, or by selecting another row in single selection).
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)

  /// The legacy edit actions shown when a row is swiped; nil by default.
  func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]?

  /// The actions revealed by swiping a row from its leading edge; nil (none) by default.
  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?

  /// The actions revealed by swiping a row from its trailing edge; nil by default, which falls back to
  /// ``tableView(_:editActionsForRowAt:)``.
  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?

  /// A row is about to show its actions; the table view is editing from now on.
  func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath)

  /// A row stopped showing its actions; the table view is no longer editing.
  func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?)

  /// The user tapped a row's accessory button.
  func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)

  /// A row's height, asked the first time the row is laid out (or every row's when the table loads with
  /// estimates off); ``TableView/automaticDimension`` (the default) means ``TableView/rowHeight``.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat

  /// A row's estimated height, asked for every row when the table loads (unless estimates are off);
  /// ``TableView/automaticDimension`` (the default) means ``TableView/estimatedRowHeight``.
  ///
  /// A delegate that does not implement it is asked once, then never: the table learns from the default that
  /// it is not implemented, as UIKit asks only a delegate that responds to the selector. The same goes for the
  /// other height methods.
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat

  /// A section header's height, asked for every section when the table loads;
  /// ``TableView/automaticDimension`` (the default) means ``TableView/sectionHeaderHeight`` with a title, 0
  /// without.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat

  /// A section footer's height, asked for every section when the table loads;
  /// ``TableView/automaticDimension`` (the default) means ``TableView/sectionFooterHeight`` with a title, 0
  /// without.
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat

  /// The editing control a row shows in editing mode, and whether it can be swiped to delete; `.delete` by
  /// default (for a row the data source lets be edited).
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle

  /// Where a row dragged to `proposedDestinationIndexPath` lands; the proposed place by default.
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath

  /// A cell is about to be shown for a row.
  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)

  /// A cell was removed from the screen (scrolled away, deleted, reloaded).
  func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  /// Every row can be highlighted.
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }

  /// The tapped row is selected.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }

  /// By default a selection is not reacted to.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}

  /// The row is deselected.
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }

  /// By default a deselection is not reacted to.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}

  /// No legacy edit actions.
  public func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]? {
    nil
  }

  /// No leading actions.
  public func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }

  /// No trailing configuration: the legacy edit actions are used.
  public func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }

  /// By default the start of a swipe to edit is not reacted to.
  public func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {}

  /// By default the end of a swipe to edit is not reacted to.
  public func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {}

  /// By default a tap on a row's accessory button is not reacted to.
  public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}

  /// The table's row height.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.noteDefaultHeightAnswered(.rowHeight, by: self)
    return TableView.automaticDimension
  }

  /// The table's estimated row height.
  public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.noteDefaultHeightAnswered(.estimatedRowHeight, by: self)
    return TableView.automaticDimension
  }

  /// The table's section header height for a section with a title, 0 without.
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.noteDefaultHeightAnswered(.headerHeight, by: self)
    return TableView.automaticDimension
  }

  /// The table's section footer height for a section with a title, 0 without.
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
    tableView.noteDefaultHeightAnswered(.footerHeight, by: self)
    return TableView.automaticDimension
  }

  /// Every row deletes.
  public func tableView(
    _ tableView: TableView, editingStyleForRowAt indexPath: IndexPath
  ) -> TableViewCell.EditingStyle { .delete }

  /// The proposed place.
  public func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { proposedDestinationIndexPath }

  /// By default a cell about to be shown is left as its data source configured it.
  public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}

  /// By default a cell that left the screen needs nothing released.
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
}
