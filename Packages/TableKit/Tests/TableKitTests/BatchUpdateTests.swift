import Foundation
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite struct BatchUpdateTests {
  @Test func anInconsistentUpdateThrowsUIKitsMessageAndResynchronises() throws {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    dataSource.sections = [["a", "b", "c", "d", "e"]]
    var completed: Bool?
    let error = #expect(throws: TableViewError.self) {
      try table.performBatchUpdates(
        { table.insertRows(at: [.row(3)], with: .automatic) }, completion: { completed = $0 })
    }
    #expect(
      error?.description
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
        + "after the update (5) must be equal to the number of rows contained in that section before the update (3), "
        + "plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or "
        + "minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
    #expect(completed == false)
    #expect(table.numberOfRows(inSection: 0) == 5)
    #expect(table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == ["a", "b", "c", "d", "e"])
    #expect(table.indexPathsForSelectedRows == nil)
  }

  @Test func insertsUseNewIndexesAndDeletesOldOnesAndTheSelectionFollows() throws {
    let dataSource = RowsDataSource([["a", "b", "c", "d"]])
    let (table, _) = makeTable(dataSource)
    table.allowsMultipleSelection = true
    try table.selectRow(at: .row(1))  // b
    try table.selectRow(at: .row(2))  // c
    let cellOfD = table.cellForRow(at: .row(3))
    dataSource.sections = [["x", "a", "c", "d"]]
    var completed: Bool?
    try table.performBatchUpdates(
      {
        table.deleteRows(at: [.row(1)], with: .fade)  // b, as before the update
        table.insertRows(at: [.row(0)], with: .fade)  // x, as after it
      }, completion: { completed = $0 })
    #expect(completed == true)
    #expect(table.indexPathsForSelectedRows == [.row(2)])  // c moved from 2 to 2; b is gone
    #expect(table.cellForRow(at: .row(3)) === cellOfD)
    #expect(table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == ["x", "a", "c", "d"])
  }

  @Test func movesCarryTheirCellAndSelectionAcrossSections() throws {
    let dataSource = RowsDataSource([["a", "b"], ["c"]])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(0))
    let cellOfA = table.cellForRow(at: .row(0))
    dataSource.sections = [["b"], ["c", "a"]]
    try table.performBatchUpdates { table.moveRow(at: .row(0), to: .row(1, 1)) }
    #expect(table.indexPathsForSelectedRows == [.row(1, 1)])
    #expect(table.cellForRow(at: .row(1, 1)) === cellOfA)
    #expect(table.cellForRow(at: .row(1, 1))?.isSelected == true)
    #expect(table.numberOfRows(inSection: 0) == 1)
  }

  @Test func reloadedRowsGetNewCellsAndLoseTheirSelection() throws {
    let dataSource = RowsDataSource([["a", "b"]])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(1))
    let old = table.cellForRow(at: .row(1))
    let kept = table.cellForRow(at: .row(0))
    dataSource.sections = [["a", "B"]]
    try table.performBatchUpdates { table.reloadRows(at: [.row(1)], with: .none) }
    #expect(table.indexPathsForSelectedRows == nil)
    #expect((table.cellForRow(at: .row(1)) as? LabelCell)?.text == "B")
    #expect(table.cellForRow(at: .row(0)) === kept)
    #expect(table.cellForRow(at: .row(1)) === old, "the old cell went back to the pool and was reused at once")
  }

  @Test func sectionsCanBeInsertedDeletedAndMoved() throws {
    let dataSource = RowsDataSource([["a"], ["b", "c"], ["d"]])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(1, 1))  // c
    dataSource.sections = [["d"], ["new"], ["b", "c"]]
    try table.performBatchUpdates {
      table.deleteSections([0], with: .fade)
      table.insertSections([1], with: .fade)
      table.moveSection(2, toSection: 0)
    }
    #expect(table.numberOfSections == 3)
    #expect(table.indexPathsForSelectedRows == [.row(1, 2)])
    #expect(table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == ["d", "new", "b", "c"])
  }

  @Test func aWrongNumberOfSectionsIsReportedInUIKitsWords() {
    let dataSource = RowsDataSource([["a"]])
    let (table, _) = makeTable(dataSource)
    dataSource.sections = [["a"], ["b"]]
    let error = #expect(throws: TableViewError.self) { try table.performBatchUpdates {} }
    #expect(
      error?.description
        == "Invalid update: invalid number of sections. The number of sections contained in the table view after "
        + "the update (2) must be equal to the number of sections contained in the table view before the update "
        + "(1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
    #expect(table.numberOfSections == 2)
  }

  @Test(arguments: [
    (
      "delete", "Invalid update: attempt to delete row 5 from section 0 which only contains 3 rows before the update"
    ),
    (
      "insert",
      "Invalid update: attempt to insert row 7 into section 0, but there are only 4 rows in section 0 after the update"
    ),
    ("section", "Invalid update: attempt to delete section 3, but there are only 1 sections before the update"),
    ("reloadData", "Invalid update: reloadData() must not be called inside performBatchUpdates(_:completion:)"),
  ])
  func impossibleIndexesAreReportedByName(kind: String, message: String) {
    let dataSource = RowsDataSource([["a", "b", "c"]])
    let (table, _) = makeTable(dataSource)
    let error = #expect(throws: TableViewError.self) {
      try table.performBatchUpdates {
        switch kind {
        case "delete":
          dataSource.sections = [["a", "b"]]
          table.deleteRows(at: [.row(5)], with: .none)
        case "insert":
          dataSource.sections = [["a", "b", "c", "d"]]
          table.insertRows(at: [.row(7)], with: .none)
        case "section": table.deleteSections([3], with: .none)
        default: table.reloadData()
        }
      }
    }
    #expect(error?.description == message)
  }

  @Test func aChangeOutsideABatchIsItsOwnBatchAndAnInconsistencyIsKept() {
    let dataSource = RowsDataSource([["a"]])
    let (table, _) = makeTable(dataSource)
    dataSource.sections = [["a", "b"]]
    table.insertRows(at: [.row(1)], with: .automatic)
    #expect(table.lastInvalidUpdate == nil)
    #expect(table.numberOfRows(inSection: 0) == 2)
    dataSource.sections = [["a", "b", "c", "d"]]
    table.insertRows(at: [.row(2)], with: .automatic)
    #expect(
      table.lastInvalidUpdate?.description.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
    #expect(table.numberOfRows(inSection: 0) == 4)
  }

  @Test func nestedBatchesApplyOnceAtTheEnd() throws {
    let dataSource = RowsDataSource([["a"]])
    let (table, _) = makeTable(dataSource)
    dataSource.sections = [["a", "b", "c"]]
    try table.performBatchUpdates {
      table.insertRows(at: [.row(1)], with: .none)
      try? table.performBatchUpdates { table.insertRows(at: [.row(2)], with: .none) }
    }
    #expect(table.numberOfRows(inSection: 0) == 3)
  }
}
