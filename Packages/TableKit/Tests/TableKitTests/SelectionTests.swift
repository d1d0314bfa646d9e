import Foundation
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite struct SelectionTests {
  let dataSource = RowsDataSource([["a", "b", "c"], ["d", "e"]])

  @Test func aFirstSelectionAsksHighlightAndWillSelectThenSelectsAndNotifiesOnce() throws {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(1))
    #expect(spy.interactionCalls == ["shouldHighlight 0.1", "willSelect 0.1", "didSelect 0.1", "selectionDidChange"])
    #expect(notifications.count == 1)
    #expect(table.indexPathForSelectedRow == .row(1))
    #expect(table.cellForRow(at: .row(1))?.isSelected == true)
  }

  @Test func movingTheSelectionDeselectsTheOldRowBetweenWillSelectAndDidSelect() throws {
    let (table, spy) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    spy.clear()
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(1, 1))
    #expect(
      spy.interactionCalls == [
        "shouldHighlight 1.1", "willSelect 1.1", "willDeselect 0.0", "didDeselect 0.0", "didSelect 1.1",
        "selectionDidChange",
      ])
    #expect(notifications.count == 1)
    #expect(table.indexPathsForSelectedRows == [.row(1, 1)])
    #expect(table.cellForRow(at: .row(0))?.isSelected == false)
  }

  @Test func willSelectReturningNilStopsTheTap() throws {
    let (table, spy) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    spy.willSelect = { _ in nil }
    spy.clear()
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(2))
    #expect(spy.interactionCalls == ["shouldHighlight 0.2", "willSelect 0.2"])
    #expect(notifications.count == 0)
    #expect(table.indexPathsForSelectedRows == [.row(0)])
  }

  @Test func willSelectReturningAnotherRowSelectsThatRowInstead() throws {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    spy.willSelect = { _ in .row(0, 1) }
    try table.selectRow(at: .row(2))
    #expect(spy.interactionCalls == ["shouldHighlight 0.2", "willSelect 0.2", "didSelect 1.0", "selectionDidChange"])
    #expect(table.indexPathsForSelectedRows == [.row(0, 1)])
    #expect(notifications.count == 1)
  }

  @Test func willSelectRedirectingToARowThatDoesNotExistSelectsNothing() throws {
    let (table, spy) = makeTable(dataSource)
    spy.willSelect = { _ in .row(9, 9) }
    try table.selectRow(at: .row(2))
    #expect(spy.interactionCalls == ["shouldHighlight 0.2", "willSelect 0.2"])
    #expect(table.indexPathsForSelectedRows == nil)
  }

  /// A choice where UIKit's documentation is silent: the old row stays selected and the new one is selected
  /// too, so a single-selection table can end up with two selected rows, as a delegate asked.
  @Test func willDeselectReturningNilKeepsTheOldRowSelectedAlongsideTheNewOne() throws {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(0))
    spy.willDeselect = { _ in nil }
    spy.clear()
    try table.selectRow(at: .row(1))
    #expect(
      spy.interactionCalls == [
        "shouldHighlight 0.1", "willSelect 0.1", "willDeselect 0.0", "didSelect 0.1", "selectionDidChange",
      ])
    #expect(table.indexPathsForSelectedRows == [.row(0), .row(1)])
    #expect(notifications.count == 2)
  }

  /// Fleet's spec: a will-deselect redirected to a row that is not selected.
  ///
  /// Single selection, row 6 selected, a tap on row 10, will-deselect(6) answers row 5. The delegate hears did-deselect once, for row 5; row 6 is deselected too (a choice: single selection never
  /// shows two rows because a will-deselect was redirected), and row 10 is selected.
  @Test func aWillDeselectRedirectedToAnUnselectedRowCallsDidDeselectWithItAndStillReplacesTheSelection() throws {
    let twelveRows = RowsDataSource(rows: 12)
    let (table, spy) = makeTable(twelveRows, rowsInViewport: 12)
    try table.selectRow(at: .row(6))
    spy.willDeselect = { $0 == .row(6) ? .row(5) : $0 }
    spy.clear()
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(10))
    #expect(
      spy.interactionCalls == [
        "shouldHighlight 0.10", "willSelect 0.10", "willDeselect 0.6", "didDeselect 0.5", "didSelect 0.10",
        "selectionDidChange",
      ])
    #expect(spy.interactionCalls.filter { $0.hasPrefix("didDeselect") } == ["didDeselect 0.5"])
    #expect(table.indexPathsForSelectedRows == [.row(10)])
    #expect(table.visibleCells.filter(\.isSelected).count == 1)
    #expect(table.cellForRow(at: .row(6))?.isSelected == false)
    #expect(notifications.count == 1)
  }

  @Test func aWillDeselectRedirectedToARowThatDoesNotExistStillReplacesTheSelectionWithoutDidDeselect() throws {
    let (table, spy) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    spy.willDeselect = { _ in .row(9, 9) }
    spy.clear()
    try table.selectRow(at: .row(2))
    #expect(spy.interactionCalls == ["shouldHighlight 0.2", "willSelect 0.2", "willDeselect 0.0", "didSelect 0.2"])
    #expect(table.indexPathsForSelectedRows == [.row(2)])
  }

  @Test func inMultipleSelectionADeselectionRedirectedToAnUnselectedRowKeepsTheTappedRow() throws {
    let (table, spy) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    try table.selectRow(at: .row(1))
    spy.willDeselect = { _ in .row(0) }
    spy.clear()
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(1))
    #expect(spy.interactionCalls == ["shouldHighlight 0.1", "willDeselect 0.1", "didDeselect 0.0"])
    #expect(table.indexPathsForSelectedRows == [.row(1)])
    #expect(notifications.count == 0)
  }

  @Test func tappingTheSelectedRowInSingleSelectionSelectsItAgainWithoutANotification() throws {
    let (table, spy) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    spy.clear()
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(0))
    #expect(spy.interactionCalls == ["shouldHighlight 0.0", "willSelect 0.0", "didSelect 0.0"])
    #expect(notifications.count == 0)
  }

  @Test func multipleSelectionAddsRowsAndATapOnASelectedRowDeselectsIt() throws {
    let (table, spy) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(0))
    try table.selectRow(at: .row(2))
    try table.selectRow(at: .row(0))
    #expect(
      spy.interactionCalls == [
        "shouldHighlight 0.0", "willSelect 0.0", "didSelect 0.0", "selectionDidChange",
        "shouldHighlight 0.2", "willSelect 0.2", "didSelect 0.2", "selectionDidChange",
        "shouldHighlight 0.0", "willDeselect 0.0", "didDeselect 0.0", "selectionDidChange",
      ])
    #expect(notifications.count == 3)
    #expect(table.indexPathsForSelectedRows == [.row(2)])
  }

  @Test func multipleSelectionWillDeselectReturningNilKeepsTheRowSelected() throws {
    let (table, spy) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    try table.selectRow(at: .row(0))
    spy.willDeselect = { _ in nil }
    spy.clear()
    try table.selectRow(at: .row(0))
    #expect(spy.interactionCalls == ["shouldHighlight 0.0", "willDeselect 0.0"])
    #expect(table.indexPathsForSelectedRows == [.row(0)])
  }

  @Test func deselectingARowAsAUserCallsTheDelegateAndNotifies() throws {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(1))
    spy.clear()
    try table.deselectRow(at: .row(1))
    #expect(spy.interactionCalls == ["willDeselect 0.1", "didDeselect 0.1", "selectionDidChange"])
    #expect(table.indexPathsForSelectedRows == nil)
    #expect(throws: TableViewError.interactionRejected(row: 1, section: 0, reason: "Row is not selected.")) {
      try table.deselectRow(at: .row(1))
    }
    #expect(notifications.count == 2)
  }

  @Test func aRowThatShouldNotHighlightIgnoresTheTapEntirely() throws {
    let (table, spy) = makeTable(dataSource)
    spy.shouldHighlight = { $0.row == 0 }
    let notifications = SelectionNotifications(table, spy: spy)
    try table.selectRow(at: .row(1))
    #expect(spy.interactionCalls == ["shouldHighlight 0.1"])
    #expect(notifications.count == 0)
    #expect(table.indexPathsForSelectedRows == nil)
  }

  @Test func aTableThatDoesNotAllowSelectionRejectsTheTapBeforeCheckingTheRow() {
    let (table, spy) = makeTable(dataSource)
    table.allowsSelection = false
    #expect(
      throws: TableViewError.interactionRejected(row: 7, section: 0, reason: "Table view does not allow selection.")
    ) { try table.selectRow(at: .row(7)) }
    #expect(spy.interactionCalls.isEmpty)
    table.handleTap(at: .row(0))
    #expect(table.indexPathsForSelectedRows == nil)
  }

  @Test func duringEditingSelectionFollowsAllowsSelectionDuringEditing() throws {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    table.isEditing = true
    #expect(
      throws: TableViewError.interactionRejected(row: 0, section: 0, reason: "Table view does not allow selection.")
    ) {
      try table.selectRow(at: .row(0))
    }
    table.allowsSelectionDuringEditing = true
    table.allowsSelection = false
    try table.selectRow(at: .row(0))
    #expect(spy.interactionCalls == ["shouldHighlight 0.0", "willSelect 0.0", "didSelect 0.0", "selectionDidChange"])
    table.allowsMultipleSelectionDuringEditing = true
    try table.selectRow(at: .row(1))
    #expect(table.indexPathsForSelectedRows == [.row(0), .row(1)])
    #expect(notifications.count == 2)
  }

  @Test func programmaticSelectionCallsNoDelegateMethodAndPostsNothing() {
    let (table, spy) = makeTable(dataSource)
    let notifications = SelectionNotifications(table, spy: spy)
    table.selectRow(at: .row(0), animated: false, scrollPosition: .none)
    table.selectRow(at: .row(1, 1), animated: true, scrollPosition: .middle)
    #expect(table.indexPathsForSelectedRows == [.row(1, 1)])
    table.deselectRow(at: .row(1, 1), animated: false)
    table.selectRow(at: .row(2), animated: false, scrollPosition: .none)
    table.selectRow(at: nil, animated: false, scrollPosition: .none)
    #expect(table.indexPathsForSelectedRows == nil)
    #expect(spy.interactionCalls.isEmpty)
    #expect(notifications.count == 0)
  }

  /// A choice where Apple's documentation is silent: reloading data clears the selection.
  @Test func reloadingDataClearsTheSelection() throws {
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    table.reloadData()
    #expect(table.indexPathsForSelectedRows == nil)
  }

  @Test func aTapHighlightsTheCellWhileItIsHandled() throws {
    let (table, spy) = makeTable(dataSource)
    var highlightedDuringTap: Bool?
    spy.willSelect = { path in
      highlightedDuringTap = table.cellForRow(at: path)?.isHighlighted
      return path
    }
    try table.selectRow(at: .row(1))
    #expect(highlightedDuringTap == true)
    #expect(table.cellForRow(at: .row(1))?.isHighlighted == false)
  }

  @Test func withoutADelegateATapSelectsTheRow() throws {
    let table = TableView()
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    try table.selectRow(at: .row(2))
    #expect(table.indexPathForSelectedRow == .row(2))
  }
}
