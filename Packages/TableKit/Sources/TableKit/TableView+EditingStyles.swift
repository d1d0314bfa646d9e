import Foundation

extension TableView {
  /// Turns editing mode on or off; accepted with an animation flag for UIKit compatibility.
  public func setEditing(_ editing: Bool, animated: Bool) {
    isEditing = editing
  }

  /// The editing style of a row: the delegate's (`.delete` unless it says otherwise), or `.none` for a row
  /// that does not exist or that the data source will not let be edited.
  public func editingStyle(forRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
    loadIfNeeded()
    guard canEditRow(at: indexPath) else { return .none }
    return delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
  }

  /// Whether a swipe on the row reveals UIKit's Delete button: its editing style is `.delete` and the
  /// delegate gives it no trailing actions of its own (a trailing configuration or legacy edit actions).
  public func swipeRevealsDelete(forRowAt indexPath: IndexPath) -> Bool {
    guard editingStyle(forRowAt: indexPath) == .delete else { return false }
    guard let delegate else { return true }
    return delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) == nil
      && delegate.tableView(self, editActionsForRowAt: indexPath) == nil
  }

  /// Whether the data source lets the row be moved (false unless it says so).
  public func canMoveRow(at indexPath: IndexPath) -> Bool {
    guard contains(indexPath), let dataSource else { return false }
    return dataSource.tableView(self, canMoveRowAt: indexPath)
  }

  /// What a user committing a row's editing style does: a swipe to delete and a tap on Delete outside
  /// editing mode, or a tap on the row's delete or insert control in editing mode.
  ///
  /// The data source's `commit` is called with the style; it changes its data and tells the table. A swipe
  /// to delete scrolls the row into view and runs between will-begin-editing and did-end-editing (which
  /// gets the row where it is afterwards, or nil once deleted), with ``isEditing`` true in between; in
  /// editing mode the commit is made alone. Nothing happens for a row that does not exist, cannot be edited,
  /// has another editing style, or (for a swipe) reveals actions of its own instead of Delete.
  public func handleCommit(_ editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
    loadIfNeeded()
    guard editingStyle != .none, let dataSource, self.editingStyle(forRowAt: indexPath) == editingStyle else {
      return
    }
    if isEditing, actionSession == nil {
      dataSource.tableView(self, commit: editingStyle, forRowAt: indexPath)
      return
    }
    guard editingStyle == .delete, swipeRevealsDelete(forRowAt: indexPath) else { return }
    scrollToRow(at: indexPath, at: .none, animated: false)
    if let previous = actionSession { endActionSession(previous.id) }
    nextActionSessionID += 1
    let session = nextActionSessionID
    actionSession = (session, indexPath)
    isEditing = true
    delegate?.tableView(self, willBeginEditingRowAt: indexPath)
    dataSource.tableView(self, commit: .delete, forRowAt: indexPath)
    endActionSession(session)
  }

  /// What a user dragging a row by its reorder control in editing mode does.
  ///
  /// The delegate may redirect the drop (`targetIndexPathForMoveFromRowAt`); then the data source's
  /// `moveRowAt` moves the row in its data and the table moves it, its cell and its selection, as a batch
  /// update checked against the data source's counts. Nothing happens outside editing mode, for a row that
  /// cannot move, for a drop (proposed or redirected) that is not a place the row can go, or for a drop
  /// where the row already is.
  ///
  /// Throws ``TableViewError/invalidUpdate(_:)`` with UIKit's message when the data source's counts do not
  /// follow the move, after resynchronising as ``reloadData()`` would.
  public func handleMove(from sourceIndexPath: IndexPath, to proposedDestinationIndexPath: IndexPath)
    throws(TableViewError)
  {
    loadIfNeeded()
    guard isEditing, let dataSource, canMoveRow(at: sourceIndexPath),
      canDrop(sourceIndexPath, at: proposedDestinationIndexPath)
    else { return }
    let destination =
      delegate?.tableView(
        self, targetIndexPathForMoveFromRowAt: sourceIndexPath, toProposedIndexPath: proposedDestinationIndexPath)
      ?? proposedDestinationIndexPath
    guard canDrop(sourceIndexPath, at: destination), destination != sourceIndexPath else { return }
    dataSource.tableView(self, moveRowAt: sourceIndexPath, to: destination)
    do {
      try performBatchUpdates { self.moveRow(at: sourceIndexPath, to: destination) }
    } catch let error as TableViewError {
      throw error
    } catch {
      throw .invalidUpdate(String(describing: error))
    }
  }

  /// Whether a row can be dropped at `destination`: a row of its own section, or a row of another section
  /// up to one past its end.
  func canDrop(_ source: IndexPath, at destination: IndexPath) -> Bool {
    guard destination.count == 2, destination.section >= 0, destination.section < numberOfSections,
      destination.row >= 0
    else { return false }
    let rows = numberOfRows(inSection: destination.section)
    return destination.section == source.section ? destination.row < rows : destination.row <= rows
  }
}
