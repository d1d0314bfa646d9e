import Foundation
import TableKit
import TableKitTesting
import Testing

/// Inputs and delegate behaviour that must never crash the table or leave it inconsistent.
@MainActor
@Suite struct RobustnessTests {
  @Test func indexPathsThatDoNotNameARowAreRejectedNotFatal() throws {
    let dataSource = RowsDataSource([["a", "b"]])
    let (table, _) = makeTable(dataSource)
    let short = IndexPath(index: 0)
    let long = IndexPath(indexes: [0, 0, 0])
    #expect(throws: TableViewError.notARowIndexPath([0])) { try table.selectRow(at: short) }
    #expect(throws: TableViewError.notARowIndexPath([0, 0, 0])) { _ = try table.fetchCell(at: long) }
    #expect(throws: TableViewError.notARowIndexPath([0])) { try table.selectCellAction(withTitle: "x", at: short) }
    #expect(
      TableViewError.notARowIndexPath([0]).description
        == "Index path [0] does not name a row: it must hold a section and a row.")
    table.allowsSelection = false
    #expect(throws: TableViewError.notARowIndexPath([0])) { try table.selectRow(at: short) }
    table.handleTap(at: long)
    table.selectRow(at: short, animated: false, scrollPosition: .top)
    #expect(table.indexPathsForSelectedRows == nil)
    dataSource.sections = [["b"]]
    #expect(
      throws: TableViewError.invalidUpdate("Invalid update: [0] is not a table index path (a section and a row)")
    ) {
      try table.performBatchUpdates { table.deleteRows(at: [short], with: .none) }
    }
  }

  @Test func anActionThatDeletesItsOwnRowStillEndsEditing() throws {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, spy) = makeTable(dataSource)
    spy.editActions = { _ in
      [
        TableViewRowAction(style: .destructive, title: "Delete") { _, path in
          dataSource.sections[0].remove(at: path.row)
          table.deleteRows(at: [path], with: .automatic)
        }
      ]
    }
    try table.selectCellAction(withTitle: "Delete", at: .row(1))
    #expect(spy.interactionCalls == ["willBeginEditing 0.1 editing", "didEndEditing nil"])
    #expect(!table.isEditing)
    #expect(table.numberOfRows(inSection: 0) == 2)
    try table.selectRow(at: .row(0))
  }

  @Test func anActionThatMovesItsRowEndsEditingWhereTheRowIsNow() throws {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, spy) = makeTable(dataSource)
    spy.editActions = { _ in
      [
        TableViewRowAction(style: .normal, title: "Pin") { _, path in
          let row = dataSource.sections[0].remove(at: path.row)
          dataSource.sections[0].insert(row, at: 0)
          table.moveRow(at: path, to: .row(0))
        }
      ]
    }
    try table.selectCellAction(withTitle: "Pin", at: .row(2))
    #expect(spy.interactionCalls == ["willBeginEditing 0.2 editing", "didEndEditing 0.0 not editing"])
  }

  @Test func aDelegateThatDeletesRowsWhileATapDeselectsDoesNotSelectARowThatMoved() throws {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, spy) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    spy.afterDidDeselect = { _ in
      spy.afterDidDeselect = { _ in }
      dataSource.sections[0].remove(at: 0)
      table.deleteRows(at: [.row(0)], with: .automatic)
    }
    try table.selectRow(at: .row(2))
    #expect(!spy.calls.contains("didSelect 0.2"))
    #expect(table.indexPathsForSelectedRows == nil)
    #expect(table.numberOfRows(inSection: 0) == 2)
  }

  // Found by Tools/Fuzz (FuzzTableKit): after the delegate changed the table, the tap went on deselecting
  // the other rows by their old index paths, asking to deselect rows that were not selected (or other rows).
  @Test("A tap stops deselecting once a delegate deletes rows while the old selection is deselected")
  func aTapStopsDeselectingOnceADelegateDeletesRows() throws {
    let dataSource = RowsDataSource([["a", "b", "c", "d", "e"]])
    let (table, spy) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    for row in 0..<3 { table.selectRow(at: .row(row), animated: false, scrollPosition: .none) }
    table.allowsMultipleSelection = false
    spy.afterDidDeselect = { indexPath in
      dataSource.sections[0].remove(at: indexPath.row)
      table.deleteRows(at: [indexPath], with: .automatic)
    }
    try table.selectRow(at: .row(4))
    #expect(spy.interactionCalls == ["shouldHighlight 0.4", "willSelect 0.4", "willDeselect 0.0", "didDeselect 0.0"])
    #expect(dataSource.sections[0] == ["b", "c", "d", "e"])
    #expect(table.indexPathsForSelectedRows == [.row(0), .row(1)], "b and c stay selected; e is not selected")
  }

  // Found by Tools/Fuzz (FuzzTableKit): the tap asked to deselect a row that a redirected will-deselect had
  // already deselected.
  @Test("A tap does not ask to deselect a row that a redirected will-deselect already deselected")
  func aTapDoesNotAskToDeselectARowTwice() throws {
    let dataSource = RowsDataSource([["a", "b", "c", "d"]])
    let (table, spy) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    for row in 0..<2 { table.selectRow(at: .row(row), animated: false, scrollPosition: .none) }
    table.allowsMultipleSelection = false
    spy.willDeselect = { $0 == .row(0) ? .row(1) : $0 }
    try table.selectRow(at: .row(3))
    #expect(
      spy.interactionCalls == [
        "shouldHighlight 0.3", "willSelect 0.3", "willDeselect 0.0", "didDeselect 0.1", "didSelect 0.3",
      ])
    #expect(table.indexPathsForSelectedRows == [.row(3)], "a redirected will-deselect never keeps the old row")
  }

  @Test func aReloadAskedForWhileAnUpdateIsAppliedHappensAfterItCleanly() throws {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, spy) = makeTable(dataSource)
    spy.afterDidEndDisplaying = { _ in
      spy.afterDidEndDisplaying = { _ in }
      table.reloadData()
    }
    dataSource.sections = [["a", "c"]]
    try table.performBatchUpdates { table.deleteRows(at: [.row(1)], with: .none) }
    dataSource.sections = [["a", "c", "d"]]
    try table.performBatchUpdates { table.insertRows(at: [.row(2)], with: .none) }
    let cells = table.visibleCells
    #expect(cells.compactMap { ($0 as? LabelCell)?.text } == ["a", "c", "d"])
    #expect(Set(cells.map(ObjectIdentifier.init)).count == cells.count)
  }

  @Test func batchesUIKitRejectsAreRejected() {
    let dataSource = RowsDataSource([["a", "b"], ["c"]])
    let (table, _) = makeTable(dataSource)
    #expect(
      throws: TableViewError.invalidUpdate(
        "Invalid update: attempt to reload row 0 in section 0, which is also deleted or moved")
    ) {
      try table.performBatchUpdates {
        table.reloadRows(at: [.row(0)], with: .none)
        table.moveRow(at: .row(0), to: .row(1))
      }
    }
    dataSource.sections = [["c"], ["a", "b"]]
    #expect(
      throws: TableViewError.invalidUpdate(
        "Invalid update: attempt to reload section 0, which is also deleted or moved")
    ) {
      try table.performBatchUpdates {
        table.reloadSections([0], with: .none)
        table.moveSection(0, toSection: 1)
      }
    }
  }

  @Test func aNestedBatchsCompletionLearnsTheOuterBatchsOutcome() {
    let dataSource = RowsDataSource([["a"]])
    let (table, _) = makeTable(dataSource)
    var nested: Bool?
    dataSource.sections = [["a", "b", "c"]]
    #expect(
      throws: TableViewError.invalidUpdate(
        "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
          + "after the update (3) must be equal to the number of rows contained in that section before the update "
          + "(1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and "
          + "plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
    ) {
      try table.performBatchUpdates {
        try? table.performBatchUpdates({ table.insertRows(at: [.row(1)], with: .none) }, completion: { nested = $0 })
      }
    }
    #expect(nested == false)
  }

  @Test func extremeGeometryNeverTraps() {
    let dataSource = RowsDataSource(rows: 50)
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat.infinity))
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    #expect(table.visibleCells.isEmpty)
    table.frame = CGRect(x: 0, y: 0, width: 320, height: 1e300)
    #expect(table.visibleCells.count == 50)
    table.rowHeight = 1e-300
    table.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
    #expect(table.visibleCells.count == 50)
    table.rowHeight = 0
    #expect(table.visibleCells.isEmpty)
  }
}
