import Foundation

extension TableView {
  /// The first selected row, in row order, or nil.
  public var indexPathForSelectedRow: IndexPath? {
    loadIfNeeded()
    return selectedRows.min()
  }

  /// Every selected row, in row order, or nil when none is (as UIKit answers).
  public var indexPathsForSelectedRows: [IndexPath]? {
    loadIfNeeded()
    return selectedRows.isEmpty ? nil : selectedRows.sorted()
  }

  /// Selects a row from code: calls no delegate method and posts no notification (UIKit's rule).
  ///
  /// In single selection the row replaces the selection; nil clears it. A row that does not exist is
  /// ignored. The table scrolls to the row unless `scrollPosition` is `.none`.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    loadIfNeeded()
    guard let indexPath else {
      for selected in selectedRows { setSelected(false, at: selected) }
      return
    }
    guard contains(indexPath) else { return }
    if !allowsMultipleSelectionNow {
      for selected in selectedRows where selected != indexPath { setSelected(false, at: selected) }
    }
    setSelected(true, at: indexPath)
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects a row from code: calls no delegate method and posts no notification (UIKit's rule).
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    loadIfNeeded()
    setSelected(false, at: indexPath)
  }

  /// What a user's tap on a row does, through the whole delegate sequence.
  ///
  /// In order: nothing if selection is not allowed (``allowsSelection``, or
  /// ``allowsSelectionDuringEditing`` while editing) or the delegate says the row should not highlight;
  /// then, in multiple selection, a tap on a selected row deselects it (will-deselect, deselect,
  /// did-deselect). Otherwise will-select (nil: stop; another row: that row instead); in single selection,
  /// for each other selected row, will-deselect (nil: it stays selected; another row: that one is
  /// deselected and named to did-deselect, and the old row is deselected as well), deselect, did-deselect;
  /// then select and did-select. ``selectionDidChangeNotification`` is posted once
  /// at the end if the selection changed. Tapping the selected row in single selection calls did-select
  /// again and posts nothing. A row that does not exist is ignored, and so is a will- method's answer that
  /// names a row that does not exist. If a delegate reloads or updates the table while the old selection
  /// is being deselected, the tap ends there: the tapped row may have moved or gone.
  public func handleTap(at indexPath: IndexPath) {
    loadIfNeeded()
    guard contains(indexPath), isEditing ? allowsSelectionDuringEditing : allowsSelection else { return }
    if let delegate, !delegate.tableView(self, shouldHighlightRowAt: indexPath) { return }
    // The touch highlights the row's cell until the tap has been handled.
    let touchedCell = displayedCells[indexPath]
    touchedCell?.isHighlighted = true
    defer { touchedCell?.isHighlighted = false }
    let before = selectedRows
    if allowsMultipleSelectionNow, selectedRows.contains(indexPath) {
      userDeselect(indexPath)
    } else {
      userSelect(indexPath)
    }
    if selectedRows != before {
      NotificationCenter.default.post(name: Self.selectionDidChangeNotification, object: self)
    }
  }

  /// What a user's tap on a selected row does when it deselects it (as in multiple selection): will-deselect
  /// (nil: stop; another row: that row instead, named to did-deselect even when it was not selected),
  /// deselect, did-deselect, then the notification.
  public func handleDeselectTap(at indexPath: IndexPath) {
    loadIfNeeded()
    guard contains(indexPath), selectedRows.contains(indexPath) else { return }
    let before = selectedRows
    userDeselect(indexPath)
    if selectedRows != before {
      NotificationCenter.default.post(name: Self.selectionDidChangeNotification, object: self)
    }
  }

  var allowsMultipleSelectionNow: Bool {
    isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
  }

  private func userSelect(_ tapped: IndexPath) {
    var target: IndexPath? = tapped
    if let delegate { target = delegate.tableView(self, willSelectRowAt: tapped) }
    guard let target, contains(target) else { return }
    let version = mutationCount
    if !allowsMultipleSelectionNow {
      for selected in selectedRows.sorted() where selected != target {
        // Once a delegate has changed the table, the rows still to deselect may have moved or gone.
        guard mutationCount == version else { break }
        // A will-deselect answer that named another row may have deselected this one already.
        guard selectedRows.contains(selected) else { continue }
        userDeselect(selected, makingRoomFor: target)
      }
    }
    // A delegate that reloaded or updated the table while rows were deselected has moved the ground under
    // the tap: its row may no longer be the one the user touched, or exist at all.
    guard mutationCount == version, contains(target) else { return }
    setSelected(true, at: target)
    delegate?.tableView(self, didSelectRowAt: target)
  }

  /// Asks the delegate to deselect a row and deselects what it answers, telling it with did-deselect.
  ///
  /// A redirected answer gets did-deselect with the row it names even when that row was not selected (as
  /// Fleet's specs expect); deselecting it then changes nothing. When the deselection makes room for
  /// `newRow` in single selection, the row itself is deselected too unless the delegate answered nil: a
  /// single-selection table never keeps two rows because a will-deselect was redirected.
  private func userDeselect(_ indexPath: IndexPath, makingRoomFor newRow: IndexPath? = nil) {
    var answer: IndexPath? = indexPath
    if let delegate { answer = delegate.tableView(self, willDeselectRowAt: indexPath) }
    guard let answer else { return }
    let answerExists = contains(answer)
    if answerExists { setSelected(false, at: answer) }
    if newRow != nil, answer != indexPath { setSelected(false, at: indexPath) }
    if answerExists { delegate?.tableView(self, didDeselectRowAt: answer) }
  }

  func setSelected(_ isSelected: Bool, at indexPath: IndexPath) {
    if isSelected {
      selectedRows.insert(indexPath)
    } else {
      selectedRows.remove(indexPath)
    }
    displayedCells[indexPath]?.isSelected = isSelected
  }
}
