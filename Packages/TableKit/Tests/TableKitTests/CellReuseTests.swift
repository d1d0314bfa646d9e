import Foundation
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite(.serialized) struct CellReuseTests {
  @Test func aMillionRowsNeedOnlyTheVisibleCellsAndAFewInThePool() throws {
    LabelCell.created = 0
    let dataSource = RowsDataSource(rows: 1_000_000)
    let (table, _) = makeTable(dataSource, rowsInViewport: 12)
    #expect(table.numberOfRows(inSection: 0) == 1_000_000)
    #expect(table.visibleCells.count == 12)
    table.scrollToRow(at: .row(500_000), at: .middle)
    let cell = try table.fetchCell(at: .row(500_003), asType: LabelCell.self)
    #expect(cell.text == "Row 500003")
    #expect(cell === table.cellForRow(at: .row(500_003)))
    for step in 1...200 {
      table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 7 * 44)
    }
    table.reloadData()
    #expect(table.visibleCells.count <= 13)
    #expect(table.createdCellCount == LabelCell.created)
    #expect(LabelCell.created <= 2 * 13, "cells created: \(LabelCell.created)")
    #expect(table.visibleCells.count + table.reusableCellCount == LabelCell.created)
  }

  @Test func onlyVisibleRowsHaveCellsAndScrollingRecyclesThem() throws {
    LabelCell.created = 0
    let dataSource = RowsDataSource(rows: 50)
    let (table, spy) = makeTable(dataSource, rowsInViewport: 5)
    spy.recordsDisplay = true
    #expect(table.indexPathsForVisibleRows == (0..<5).map { .row($0) })
    #expect(table.cellForRow(at: .row(5)) == nil)
    let firstCell = table.cellForRow(at: .row(0))
    table.scrollToRow(at: .row(20), at: .top)
    #expect(table.indexPathsForVisibleRows == (20..<25).map { .row($0) })
    #expect(table.cellForRow(at: .row(0)) == nil)
    #expect(LabelCell.created == 5)
    #expect(table.visibleCells.contains { $0 === firstCell })
    #expect((table.visibleCells.compactMap { $0 as? LabelCell }).map(\.text) == (20..<25).map { "Row \($0)" })
    #expect(spy.calls.filter { $0.hasPrefix("didEndDisplaying") }.count == 5)
    #expect(spy.calls.filter { $0.hasPrefix("willDisplay") }.count == 5)
  }

  @Test func aReusedCellIsPreparedAndShowsTheSelectionOfItsNewRow() throws {
    let dataSource = RowsDataSource(rows: 30)
    let (table, _) = makeTable(dataSource, rowsInViewport: 3)
    try table.selectRow(at: .row(0))
    let cell = try table.fetchCell(at: .row(0))
    #expect(cell.isSelected)
    table.scrollToRow(at: .row(10), at: .top)
    #expect(table.visibleCells.allSatisfy { !$0.isSelected })
    table.scrollToRow(at: .row(0), at: .top)
    #expect(try table.fetchCell(at: .row(0)).isSelected)
  }

  @Test func aSubclassWithoutAnInitialiserOfItsOwnRegistersAsItIs() throws {
    let table = TableView()
    let dataSource = MinimalDataSource(rows: 2)
    table.register(PlainSubclassCell.self, forCellReuseIdentifier: "plain")
    table.dataSource = dataSource
    #expect(try table.fetchCell(at: .row(1)) is PlainSubclassCell)
    #expect(try table.fetchCell(at: .row(1)).reuseIdentifier == "plain")
  }

  @Test func headersAndFootersTakeSpaceInTheViewport() {
    let dataSource = RowsDataSource([["a", "b"], ["c", "d"]])
    dataSource.headers = ["First", "Second"]
    dataSource.footers = [nil, "End"]
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 28 + 44 * 2 + 28))
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    #expect(table.indexPathsForVisibleRows == [.row(0), .row(1)])
    #expect(table.contentSize.height == CGFloat(28 + 88 + 28 + 88 + 28))
    #expect(table.rectForRow(at: .row(0, 1)).minY == CGFloat(28 + 88 + 28))
    #expect(table.headerTitle(forSection: 1) == "Second")
    table.contentOffset = CGPoint(x: 0, y: 10_000)
    #expect(table.contentOffset.y == CGFloat(28 + 88 + 28 + 88 + 28) - table.frame.height)
  }

  @Test func aNewTableViewShowsTenRowsOfTheDefaultHeight() {
    let dataSource = RowsDataSource(rows: 100)
    let table = TableView()
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    #expect(table.frame.height == CGFloat(440))
    #expect(table.rowHeight == CGFloat(44))
    #expect(table.visibleCells.count == 10)
  }
}
