import Foundation
import ListCoreTesting
import TableKit
import TableKitTesting
import Testing

/// A delegate that gives heights by closures and counts what it is asked.
@MainActor
final class HeightDelegate: TableViewDelegate {
  var rowHeight: (IndexPath) -> CGFloat = { _ in TableView.automaticDimension }
  var estimatedRowHeight: (IndexPath) -> CGFloat = { _ in TableView.automaticDimension }
  var headerHeight: (Int) -> CGFloat = { _ in TableView.automaticDimension }
  var footerHeight: (Int) -> CGFloat = { _ in TableView.automaticDimension }
  private(set) var heightRequests: [IndexPath] = []
  private(set) var estimateRequests = 0

  func forgetRequests() {
    heightRequests = []
    estimateRequests = 0
  }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    heightRequests.append(indexPath)
    return rowHeight(indexPath)
  }

  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    estimateRequests += 1
    return estimatedRowHeight(indexPath)
  }

  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeight(section) }

  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat { footerHeight(section) }
}

@MainActor
@Suite(.serialized) struct HeightTests {
  /// A table of 320 × 440 points over `dataSource` with `delegate`, loaded.
  func makeTable(_ dataSource: RowsDataSource, _ delegate: HeightDelegate, estimated: CGFloat? = nil) -> TableView {
    let table = TableView()
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    if let estimated { table.estimatedRowHeight = estimated }
    table.dataSource = dataSource
    table.delegate = delegate
    table.reloadData()
    return table
  }

  @Test func delegateHeightsShapeRowRectanglesContentSizeAndVisibleRows() {
    let dataSource = RowsDataSource(rows: 20)
    let delegate = HeightDelegate()
    delegate.rowHeight = { $0.row.isMultiple(of: 2) ? 30 : 60 }
    delegate.headerHeight = { _ in 50 }
    delegate.footerHeight = { _ in 10 }
    let table = makeTable(dataSource, delegate, estimated: 0)
    #expect(table.rectForRow(at: .row(3)) == CGRect(x: 0, y: 50 + 30 + 60 + 30, width: 320, height: 60))
    #expect(table.contentSize.height == CGFloat(50 + 10 * 90 + 10))
    // Row 8 starts at 410; row 9 would start at 440, the viewport's bottom.
    #expect(table.indexPathsForVisibleRows == (0...8).map { .row($0) })
    table.scrollToRow(at: .row(19), at: .bottom)
    #expect(table.contentOffset.y == CGFloat(50 + 10 * 90 - 440))
    #expect(table.indexPathsForVisibleRows?.last == .row(19))
  }

  /// With estimates off every row's exact height is asked once, when the table loads.
  @Test func withEstimatesOffEveryRowIsAskedItsHeightOnceWhenTheTableLoads() {
    let dataSource = RowsDataSource(rows: 300)
    let delegate = HeightDelegate()
    delegate.rowHeight = { _ in 20 }
    let table = makeTable(dataSource, delegate, estimated: 0)
    #expect(delegate.heightRequests.count == 300)
    #expect(delegate.estimateRequests == 0)
    delegate.forgetRequests()
    table.scrollToRow(at: .row(250), at: .middle)
    #expect(delegate.heightRequests.isEmpty)
    #expect(table.contentSize.height == CGFloat(300 * 20))
  }

  @Test func headerAndFooterHeightsFromTheDelegateOverrideTheTitleRule() {
    let dataSource = RowsDataSource([["a"], ["b"]])
    dataSource.headers = ["Titled", nil]
    let delegate = HeightDelegate()
    delegate.headerHeight = { $0 == 0 ? 0 : 40 }
    delegate.footerHeight = { $0 == 0 ? TableView.automaticDimension : 12 }
    let table = makeTable(dataSource, delegate)
    #expect(table.rectForRow(at: .row(0)).minY == 0)
    #expect(table.rectForRow(at: .row(0, 1)).minY == CGFloat(44 + 40))
    #expect(table.contentSize.height == CGFloat(44 + 40 + 44 + 12))
  }

  /// A million rows with a height delegate: each row's estimate is asked once per load, an exact height only
  /// for rows laid out, once each, and cells only for visible rows.
  @Test func aMillionRowsWithAHeightDelegateAskExactHeightsOnlyForRowsLaidOut() throws {
    LabelCell.created = 0
    let dataSource = RowsDataSource(rows: 1_000_000)
    let delegate = HeightDelegate()
    delegate.rowHeight = { CGFloat(20 + ($0.row % 3) * 10) }
    delegate.estimatedRowHeight = { _ in 30 }
    let table = makeTable(dataSource, delegate)
    #expect(delegate.estimateRequests == 1_000_000)
    // Estimated at 30; the first screen's rows, measured, are five whole runs of 20, 30 and 40 points.
    #expect(table.contentSize.height == CGFloat(1_000_000 * 30))
    #expect(delegate.heightRequests == (0..<15).map { .row($0) })
    delegate.forgetRequests()

    table.scrollToRow(at: .row(500_000), at: .top)
    #expect(table.indexPathsForVisibleRows?.first == .row(500_000))
    #expect(table.rectForRow(at: .row(500_000)).minY == table.contentOffset.y)
    for step in 1...200 { table.contentOffset.y += CGFloat(step % 7) * 13 }
    let asked = delegate.heightRequests
    #expect(Set(asked).count == asked.count, "no row is asked its height twice")
    #expect(asked.count < 1_500, "rows laid out while scrolling 200 steps, not the table: \(asked.count)")
    #expect(delegate.estimateRequests == 0)
    #expect(table.visibleCells.count <= 440 / 20 + 1)
    #expect(LabelCell.created <= 2 * (440 / 20 + 1))
    let cell = try table.fetchCell(at: .row(500_010), asType: LabelCell.self)
    #expect(cell.text == "Row 500010")
  }

  @Test func exactHeightsReplaceEstimatesAsRowsAreLaidOutAndTheContentSizeFollows() {
    let dataSource = RowsDataSource(rows: 100)
    let delegate = HeightDelegate()
    delegate.rowHeight = { _ in 88 }
    let table = makeTable(dataSource, delegate)
    // Estimated at the table's row height (44): five rows of 88 points fill the viewport.
    #expect(table.indexPathsForVisibleRows == (0..<5).map { .row($0) })
    #expect(table.contentSize.height == CGFloat(100 * 44 + 5 * 44))
    #expect(delegate.heightRequests == (0..<5).map { .row($0) })
  }

  /// Measuring a row above the viewport moves the content offset with it, so the screen does not jump.
  @Test func correctingARowAboveTheViewportKeepsTheVisibleRowsInPlace() {
    let dataSource = RowsDataSource(rows: 100)
    let delegate = HeightDelegate()
    delegate.rowHeight = { $0.row == 20 ? 100 : 44 }
    let table = makeTable(dataSource, delegate, estimated: 44)
    table.scrollToRow(at: .row(50), at: .top)
    let offset = table.contentOffset.y
    #expect(table.rectForRow(at: .row(20)).height == 100)
    #expect(table.contentOffset.y == offset + 56)
    #expect(table.rectForRow(at: .row(50)).minY == table.contentOffset.y)
    #expect(table.indexPathsForVisibleRows?.first == .row(50))
  }

  @Test func scrollingToTheBottomOfARowWithWrongEstimatesAboveItStillEndsWithTheRowAtTheBottom() {
    let dataSource = RowsDataSource(rows: 1_000)
    let delegate = HeightDelegate()
    delegate.rowHeight = { _ in 20 }
    delegate.estimatedRowHeight = { _ in 100 }
    let table = makeTable(dataSource, delegate)
    table.scrollToRow(at: .row(600), at: .bottom)
    #expect(table.rectForRow(at: .row(600)).maxY == table.contentOffset.y + 440)
    #expect(table.indexPathsForVisibleRows?.last == .row(600))
  }

  /// Row rectangles and visible rows against sums computed by hand, over random heights (some 0), random
  /// estimates and random scrolling.
  @Test func rectanglesAndVisibleRowsMatchRunningSumsOfRandomHeights() {
    var random = TestRandom(state: 13)
    for _ in 0..<20 {
      let count = Int.random(in: 1...300, using: &random)
      let heights = (0..<count).map { _ in CGFloat([0, 1, 7, 20, 44, 90].randomElement(using: &random)!) }
      let tops = heights.indices.map { heights[..<$0].reduce(0, +) }
      let dataSource = RowsDataSource(rows: count)
      let delegate = HeightDelegate()
      delegate.rowHeight = { heights[$0.row] }
      let table = makeTable(dataSource, delegate, estimated: CGFloat(Int.random(in: 0...60, using: &random)))
      // While estimates remain, every visible row has its exact height and lies in the viewport.
      for _ in 0..<5 {
        table.contentOffset.y = CGFloat(Int.random(in: 0...(count * 50), using: &random))
        let top = table.contentOffset.y
        for path in table.indexPathsForVisibleRows ?? [] {
          let rect = table.rectForRow(at: path)
          #expect(rect.height == heights[path.row] && rect.minY < top + 440 && rect.maxY > top)
        }
      }
      // Once every row is measured, in random order, the geometry is the running sums.
      for row in (0..<count).shuffled(using: &random) { _ = table.rectForRow(at: .row(row)) }
      for row in 0..<count {
        #expect(table.rectForRow(at: .row(row)) == CGRect(x: 0, y: tops[row], width: 320, height: heights[row]))
      }
      #expect(table.contentSize.height == heights.reduce(0, +))
      for _ in 0..<5 {
        table.contentOffset.y = CGFloat(Int.random(in: 0...(count * 50), using: &random))
        let top = table.contentOffset.y
        let expected = (0..<count).filter { heights[$0] > 0 && tops[$0] < top + 440 && tops[$0] + heights[$0] > top }
        #expect(table.indexPathsForVisibleRows == expected.map { .row($0) })
      }
    }
  }

  /// A choice: negative, infinite and NaN heights count as 0, and a row of height 0 gets no cell.
  @Test func unusableHeightsCountAsZeroAndZeroHeightRowsGetNoCell() {
    let dataSource = RowsDataSource(rows: 6)
    let delegate = HeightDelegate()
    delegate.rowHeight = { path in
      switch path.row {
      case 1: -5
      case 2: .nan
      case 3: .infinity
      case 4: 0
      default: 44
      }
    }
    let table = makeTable(dataSource, delegate, estimated: 0)
    #expect(table.indexPathsForVisibleRows == [.row(0), .row(5)])
    #expect(table.rectForRow(at: .row(5)).minY == CGFloat(44))
    #expect(table.contentSize.height == CGFloat(88))
  }

  @Test func automaticDimensionMeansTheTablesHeights() {
    let dataSource = RowsDataSource([["a", "b"]])
    dataSource.headers = ["Header"]
    let table = makeTable(dataSource, HeightDelegate())
    table.rowHeight = TableView.automaticDimension
    #expect(table.rectForRow(at: .row(1)) == CGRect(x: 0, y: 28 + 44, width: 320, height: 44))
    table.rowHeight = 50
    table.sectionHeaderHeight = 10
    #expect(table.rectForRow(at: .row(1)) == CGRect(x: 0, y: 10 + 50, width: 320, height: 50))
  }

  @Test func reloadingAsksTheHeightsOfTheVisibleRowsAgain() throws {
    let dataSource = RowsDataSource(rows: 50)
    let delegate = HeightDelegate()
    delegate.rowHeight = { _ in 110 }
    let table = makeTable(dataSource, delegate)
    delegate.forgetRequests()
    table.reloadData()
    #expect(delegate.heightRequests == (0..<4).map { .row($0) })
    #expect(delegate.estimateRequests == 50)
    delegate.forgetRequests()
    try table.performBatchUpdates {
      dataSource.sections[0].insert("new", at: 0)
      table.insertRows(at: [.row(0)], with: .automatic)
    }
    #expect(delegate.heightRequests == (0..<4).map { .row($0) })
    #expect(table.contentSize.height == CGFloat(51 * 44 + 4 * 66))
  }
}
