import Foundation
import TableKit
import TableKitTesting
import Testing

/// A data source that answers with a new cell of its own for every row, never dequeuing.
@MainActor
final class FreshCellDataSource: TableViewDataSource {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    LabelCell(reuseIdentifier: "label")
  }
}

/// `reconfigureRows(at:)`: the data source is asked again and handed the cell the row shows.
@MainActor
@Suite struct ReconfigureRowsTests {
  @Test func aReconfiguredRowKeepsItsCellWithoutBeingPreparedForReuse() throws {
    let dataSource = RowsDataSource(rows: 20)
    let (table, spy) = makeTable(dataSource, rowsInViewport: 5)
    let cell = try table.fetchCell(at: .row(2), asType: LabelCell.self)
    let prepared = cell.timesPrepared
    spy.recordsDisplay = true
    dataSource.sections[0][2] = "Changed"
    table.reconfigureRows(at: [.row(2)])
    #expect(table.cellForRow(at: .row(2)) === cell)
    #expect(cell.text == "Changed")
    #expect(cell.timesPrepared == prepared)
    #expect(spy.calls.isEmpty, "no display delegate calls: \(spy.calls)")
    #expect(dataSource.cellRequests.last == .row(2))
  }

  @Test func aReconfiguredRowKeepsItsSelection() throws {
    let dataSource = RowsDataSource(rows: 20)
    let (table, _) = makeTable(dataSource, rowsInViewport: 5)
    try table.selectRow(at: .row(1))
    table.reconfigureRows(at: [.row(1)])
    #expect(table.indexPathsForSelectedRows == [.row(1)])
    #expect(table.cellForRow(at: .row(1))?.isSelected == true)
  }

  @Test func rowsOutOfSightAreNotAskedFor() {
    let dataSource = RowsDataSource(rows: 20)
    let (table, _) = makeTable(dataSource, rowsInViewport: 5)
    let requests = dataSource.cellRequests.count
    table.reconfigureRows(at: [.row(12)])
    #expect(dataSource.cellRequests.count == requests)
    #expect(table.lastInvalidUpdate == nil)
  }

  @Test func insideABatchRowsAreNamedAsTheyWereBeforeTheUpdate() throws {
    let dataSource = RowsDataSource(rows: 5)
    let (table, _) = makeTable(dataSource, rowsInViewport: 10)
    let cell = try table.fetchCell(at: .row(3), asType: LabelCell.self)
    dataSource.sections = [["New", "Row 0", "Row 1", "Row 3 changed", "Row 4"]]
    try table.performBatchUpdates {
      table.insertRows(at: [.row(0)], with: .automatic)
      table.deleteRows(at: [.row(2)], with: .automatic)
      table.reconfigureRows(at: [.row(3), .row(2)])
    }
    #expect(table.cellForRow(at: .row(3)) === cell)
    #expect(cell.text == "Row 3 changed")
    #expect(table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == dataSource.sections[0])
  }

  @Test func aRowThatDoesNotExistIsAnInvalidUpdate() {
    let dataSource = RowsDataSource(rows: 10)
    let (table, _) = makeTable(dataSource)
    table.reconfigureRows(at: [.row(40)])
    #expect(
      table.lastInvalidUpdate?.description
        == "Invalid update: attempt to reconfigure row 40 from section 0 which only contains 10 rows before the update")
  }

  @Test func aDataSourceThatAnswersWithAnotherCellGetsItShown() throws {
    let dataSource = FreshCellDataSource()
    let (table, spy) = makeTable(dataSource)
    let old = try table.fetchCell(at: .row(1))
    spy.recordsDisplay = true
    table.reconfigureRows(at: [.row(1)])
    #expect(table.cellForRow(at: .row(1)) !== old)
    #expect(spy.calls == ["didEndDisplaying 0.1", "willDisplay 0.1"])
    #expect(table.reusableCellCount == 1)
  }
}
