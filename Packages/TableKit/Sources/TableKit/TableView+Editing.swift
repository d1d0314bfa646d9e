import Foundation

/// An action a row offers when swiped: a legacy row action, or a contextual action from one edge.
@MainActor
public enum TableViewEditAction {
  /// A legacy action from ``TableViewDelegate/tableView(_:editActionsForRowAt:)``.
  case row(TableViewRowAction)
  /// A swipe action from the leading edge's configuration.
  case leading(ContextualAction)
  /// A swipe action from the trailing edge's configuration.
  case trailing(ContextualAction)

  /// The action's title.
  public var title: String? {
    switch self {
    case .row(let action): action.title
    case .leading(let action), .trailing(let action): action.title
    }
  }
}

extension TableView {
  /// Whether the data source lets the row be edited (true unless it says otherwise).
  public func canEditRow(at indexPath: IndexPath) -> Bool {
    guard contains(indexPath), let dataSource else { return false }
    return dataSource.tableView(self, canEditRowAt: indexPath)
  }

  /// The actions a row offers, leading edge first.
  ///
  /// The leading configuration's actions, then the trailing configuration's, or the legacy edit actions
  /// when there is no trailing configuration (UIKit's fallback). None for a row that cannot be edited.
  public func editActions(forRowAt indexPath: IndexPath) -> [TableViewEditAction] {
    loadIfNeeded()
    guard canEditRow(at: indexPath), let delegate else { return [] }
    var actions: [TableViewEditAction] = []
    if let leading = delegate.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath) {
      actions += leading.actions.map { .leading($0) }
    }
    if let trailing = delegate.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) {
      actions += trailing.actions.map { .trailing($0) }
    } else if let legacy = delegate.tableView(self, editActionsForRowAt: indexPath) {
      actions += legacy.map { .row($0) }
    }
    return actions
  }

  /// What a user performing one of a row's actions does.
  ///
  /// Scrolls the row into view, then will-begin-editing, the action's handler, did-end-editing.
  /// ``isEditing`` is true from before will-begin-editing until
  /// after did-end-editing; a contextual action's editing ends when its handler calls the completion.
  public func handleEditAction(_ action: TableViewEditAction, forRowAt indexPath: IndexPath) {
    loadIfNeeded()
    guard canEditRow(at: indexPath) else { return }
    scrollToRow(at: indexPath, at: .none, animated: false)
    if let previous = actionSession { endActionSession(previous.id) }
    nextActionSessionID += 1
    let session = nextActionSessionID
    actionSession = (session, indexPath)
    isEditing = true
    delegate?.tableView(self, willBeginEditingRowAt: indexPath)
    switch action {
    case .row(let rowAction):
      rowAction.handler(rowAction, indexPath)
      endActionSession(session)
    case .leading(let contextual), .trailing(let contextual):
      let cell = displayedCells[indexPath] ?? TableViewCell(reuseIdentifier: nil)
      contextual.handler(contextual, cell) { [weak self] _ in
        self?.endActionSession(session)
      }
    }
  }

  /// What a user's tap on a row's accessory button does: tells the delegate.
  public func handleAccessoryButtonTap(at indexPath: IndexPath) {
    loadIfNeeded()
    guard contains(indexPath) else { return }
    delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
  }

  /// Ends an action's editing once: did-end-editing gets the row where it is now (an action may have moved
  /// it), or nil if the action deleted it.
  func endActionSession(_ session: Int) {
    guard let current = actionSession, current.id == session else { return }
    actionSession = nil
    isEditing = false
    delegate?.tableView(self, didEndEditingRowAt: current.row)
  }
}
