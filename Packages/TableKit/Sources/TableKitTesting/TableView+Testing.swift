import Foundation
import TableKit

extension TableView {
  /// Taps a row as a user would, through the table view's real interaction path
  /// (``TableView/handleTap(at:)``), after checking that the tap is possible.
  ///
  /// Throws, in this order: "Data source required to select cell row.", "Interaction with row R in
  /// section S rejected: Table view does not allow selection.", "Table view has no section S.", "Table view
  /// has no row R in section S." A delegate that says the row should not highlight makes the tap do nothing,
  /// as on a device; that is not an error.
  public func selectRow(at indexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "select cell row") }
    try requireRowIndexPath(indexPath)
    guard isEditing ? allowsSelectionDuringEditing : allowsSelection else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section, reason: "Table view does not allow selection.")
    }
    try requireRow(indexPath)
    handleTap(at: indexPath)
  }

  /// Deselects a selected row as a user would (a tap on it in multiple selection), with the delegate's
  /// will-deselect and did-deselect and the notification.
  ///
  /// Throws "Data source required to deselect cell row.", the section and row errors, or "Interaction with
  /// row R in section S rejected: Row is not selected."
  public func deselectRow(at indexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "deselect cell row") }
    try requireRowIndexPath(indexPath)
    try requireRow(indexPath)
    guard indexPathsForSelectedRows?.contains(indexPath) == true else {
      throw .interactionRejected(row: indexPath.row, section: indexPath.section, reason: "Row is not selected.")
    }
    handleDeselectTap(at: indexPath)
  }

  /// Scrolls the row into view and returns the cell the table displays for it: the same instance
  /// ``TableView/cellForRow(at:)`` returns afterwards.
  ///
  /// Throws "Data source required to fetch cells." or the section and row errors.
  public func fetchCell(at indexPath: IndexPath) throws(TableViewError) -> TableViewCell {
    guard dataSource != nil else { throw .dataSourceRequired(action: "fetch cells") }
    try requireRowIndexPath(indexPath)
    try requireRow(indexPath)
    scrollToRow(at: indexPath, at: .none, animated: false)
    guard let cell = cellForRow(at: indexPath) else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section, reason: "Table view has no room to display the row.")
    }
    return cell
  }

  /// Like ``fetchCell(at:)``, and checks the cell's type.
  ///
  /// Throws what ``fetchCell(at:)`` throws, or "Cell at row R in section S is of type `X` (wanted `Y`)."
  public func fetchCell<Cell: TableViewCell>(at indexPath: IndexPath, asType: Cell.Type) throws(TableViewError)
    -> Cell
  {
    let cell = try fetchCell(at: indexPath)
    guard let typed = cell as? Cell else {
      throw .cellTypeMismatch(
        row: indexPath.row, section: indexPath.section, actual: String(describing: type(of: cell)),
        wanted: String(describing: Cell.self))
    }
    return typed
  }

  /// Performs the row's edit or swipe action with this title as a user would: will-begin-editing, the
  /// handler, did-end-editing (``TableView/handleEditAction(_:forRowAt:)``).
  ///
  /// Works with legacy row actions and with leading and trailing swipe configurations. Throws, in this
  /// order: "Data source required to select cell action.", "Delegate required to select cell action.", the
  /// section and row errors, "Interaction with row R in section S rejected: Table view data source does not
  /// allow editing of that row.", "Could not find edit action with title 'T' at row R in section S."
  public func selectCellAction(withTitle title: String, at indexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "select cell action") }
    try requireRowIndexPath(indexPath)
    guard delegate != nil else { throw .delegateRequired(action: "select cell action") }
    try requireRow(indexPath)
    guard canEditRow(at: indexPath) else {
      throw .interactionRejected(
        row: indexPath.row, section: indexPath.section,
        reason: "Table view data source does not allow editing of that row.")
    }
    guard let action = editActions(forRowAt: indexPath).first(where: { $0.title == title }) else {
      throw .actionNotFound(title: title, row: indexPath.row, section: indexPath.section)
    }
    handleEditAction(action, forRowAt: indexPath)
  }

  /// Taps the row's accessory button as a user would; the delegate is told.
  ///
  /// Throws "Data source required to tap accessory button." or the section and row errors.
  public func tapAccessoryButton(at indexPath: IndexPath) throws(TableViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "tap accessory button") }
    try requireRowIndexPath(indexPath)
    try requireRow(indexPath)
    handleAccessoryButtonTap(at: indexPath)
  }

  /// The index path must hold a section and a row (UIKit's accessors would trap on any other).
  func requireRowIndexPath(_ indexPath: IndexPath) throws(TableViewError) {
    guard indexPath.count == 2 else { throw .notARowIndexPath(Array(indexPath)) }
  }

  /// The section, then the row, must exist (negative indexes included).
  func requireRow(_ indexPath: IndexPath) throws(TableViewError) {
    guard indexPath.section >= 0, indexPath.section < numberOfSections else { throw .noSection(indexPath.section) }
    guard indexPath.row >= 0, indexPath.row < numberOfRows(inSection: indexPath.section) else {
      throw .noRow(indexPath.row, section: indexPath.section)
    }
  }
}
