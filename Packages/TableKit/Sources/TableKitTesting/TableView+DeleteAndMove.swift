import Foundation
import TableKit

extension TableView {
  /// Deletes a row as a user would: swipe and tap Delete (or, in editing mode, its delete control), through
  /// the data source's `commit` (``TableView/handleCommit(_:forRowAt:)``).
  ///
  /// Throws, in this order: "Data source required to delete cell row.", the section and row errors,
  /// "Interaction with row R in section S rejected: Table view data source does not allow editing of that
  /// row.", "… rejected: Table view delegate does not allow deleting that row." (its editing style is not
  /// `.delete`), and outside editing mode "… rejected: Table view delegate gives that row swipe actions
  /// instead of Delete."
  public func deleteRow(at indexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "delete cell row") }
    try requireRowIndexPath(indexPath)
    try requireRow(indexPath)
    guard canEditRow(at: indexPath) else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section,
        reason: "Table view data source does not allow editing of that row.")
    }
    guard editingStyle(forRowAt: indexPath) == .delete else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section, reason: "Table view delegate does not allow deleting that row.")
    }
    guard isEditing || swipeRevealsDelete(forRowAt: indexPath) else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section,
        reason: "Table view delegate gives that row swipe actions instead of Delete.")
    }
    handleCommit(.delete, forRowAt: indexPath)
  }

  /// Drags a row by its reorder control to another place as a user would in editing mode
  /// (``TableView/handleMove(from:to:)``): the delegate may redirect the drop, the data source moves the row
  /// in its data, and the table moves the row, its cell and its selection.
  ///
  /// Named for the gesture: `moveRow(at:to:)` is UIKit's batch-update method, which tells the table about a
  /// move the app made.
  ///
  /// `destinationIndexPath` names the row's place after the move; in another section it may be one past
  /// that section's last row. Throws, in this order: "Data source required to move cell row.", "Interaction
  /// with row R in section S rejected: Table view is not editing.", the section and row errors for the
  /// row, then for the destination, "… rejected: Table view data source does not allow moving of that
  /// row.", and UIKit's invalid-update message if the data source's counts do not follow the move.
  public func dragRow(at indexPath: IndexPath, to destinationIndexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "move cell row") }
    try requireRowIndexPath(indexPath)
    try requireRowIndexPath(destinationIndexPath)
    guard isEditing else {
      throw .interactionRejected(row: indexPath.row, section: indexPath.section, reason: "Table view is not editing.")
    }
    try requireRow(indexPath)
    let destination = destinationIndexPath
    guard destination.section >= 0, destination.section < numberOfSections else {
      throw .noSection(destination.section)
    }
    guard canDrop(indexPath, to: destination) else { throw .noRow(destination.row, section: destination.section) }
    guard canMoveRow(at: indexPath) else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section,
        reason: "Table view data source does not allow moving of that row.")
    }
    try handleMove(from: indexPath, to: destination)
  }

  /// Whether the row can go to `destination` in a section that exists: a row of its own section, or up to
  /// one past the end of another.
  private func canDrop(_ source: IndexPath, to destination: IndexPath) -> Bool {
    let rows = numberOfRows(inSection: destination.section)
    return destination.row >= 0
      && (destination.section == source.section ? destination.row < rows : destination.row <= rows)
  }
}
