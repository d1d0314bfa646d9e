import Foundation
import Testing

@testable import TableKit

/// A delegate that implements none of the height methods: it counts the cells it is shown, so that a test
/// sees it is the table's delegate.
@MainActor
final class DisplayCountingDelegate: TableViewDelegate {
  private(set) var displayed = 0

  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
    displayed += 1
  }
}

/// A delegate that implements only the exact row height, as most apps with heights do.
@MainActor
final class RowHeightOnlyDelegate: TableViewDelegate {
  private(set) var heightRequests: [IndexPath] = []

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    heightRequests.append(indexPath)
    return 88
  }
}

/// A delegate that implements the estimate by forwarding it to another object, which uses the default.
@MainActor
final class ForwardingDelegate: TableViewDelegate {
  let inner = DisplayCountingDelegate()
  private(set) var estimateRequests = 0

  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    estimateRequests += 1
    return inner.tableView(tableView, estimatedHeightForRowAt: indexPath)
  }
}

@MainActor
@Suite(.serialized) struct DelegateImplementationsTests {
  let allHeights: DelegateHeightMethods = [.rowHeight, .estimatedRowHeight, .headerHeight, .footerHeight]

  /// A table of 320 × 440 points over `dataSource` with `delegate`, loaded.
  func makeTable(
    _ dataSource: RowsDataSource, _ delegate: any TableViewDelegate, estimated: CGFloat? = nil
  ) -> TableView {
    let table = TableView()
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    if let estimated { table.estimatedRowHeight = estimated }
    table.dataSource = dataSource
    table.delegate = delegate
    table.reloadData()
    return table
  }

  /// Each height method's default answers once, for the first row or section, and never again: not for the
  /// other 99,999 rows, not on a batch update of 100,000 rows, not on a reload.
  @Test func aDelegateWithoutHeightMethodsIsAskedEachOnceAndNeverPerRow() throws {
    let dataSource = RowsDataSource(rows: 100_000)
    let delegate = DisplayCountingDelegate()
    let table = makeTable(dataSource, delegate)
    #expect(delegate.displayed == 10)
    #expect(table.delegateImplementations.notImplemented == allHeights)
    #expect(table.delegateImplementations.implemented.isEmpty)
    #expect(table.delegateImplementations.defaultAnswerCount == 4)

    try table.performBatchUpdates {
      dataSource.sections[0].insert(contentsOf: (0..<100_000).map { "New \($0)" }, at: 0)
      table.insertRows(at: (0..<100_000).map { .row($0) }, with: .automatic)
    }
    table.reloadData()
    table.scrollToRow(at: .row(150_000), at: .middle)
    #expect(table.delegateImplementations.defaultAnswerCount == 4)
    #expect(table.contentSize.height == CGFloat(200_000 * 44))
    #expect(try table.fetchCell(at: .row(150_000), asType: LabelCell.self).text == "Row 50000")
  }

  /// With estimates off, the exact height is the one asked of every row; without it, it is asked once.
  @Test func withEstimatesOffADelegateWithoutRowHeightsIsAskedOnce() throws {
    let dataSource = RowsDataSource(rows: 100_000)
    let table = makeTable(dataSource, DisplayCountingDelegate(), estimated: 0)
    #expect(table.delegateImplementations.notImplemented == [.rowHeight, .headerHeight, .footerHeight])
    #expect(table.delegateImplementations.defaultAnswerCount == 3)
    try table.performBatchUpdates {
      dataSource.sections[0].removeLast(50_000)
      table.deleteRows(at: (50_000..<100_000).map { .row($0) }, with: .automatic)
    }
    #expect(table.delegateImplementations.defaultAnswerCount == 3)
    #expect(table.contentSize.height == CGFloat(50_000 * 44))
  }

  /// A delegate with estimates is asked every row's estimate on every load, as before; its defaults never
  /// answer.
  @Test func aDelegateThatImplementsEstimatesIsStillAskedForEveryRow() throws {
    let dataSource = RowsDataSource(rows: 100_000)
    let delegate = HeightDelegate()
    delegate.estimatedRowHeight = { _ in 30 }
    let table = makeTable(dataSource, delegate)
    #expect(delegate.estimateRequests == 100_000)
    delegate.forgetRequests()
    try table.performBatchUpdates {
      dataSource.sections[0].insert("new", at: 0)
      table.insertRows(at: [.row(0)], with: .automatic)
    }
    #expect(delegate.estimateRequests == 100_001)
    #expect(table.delegateImplementations.implemented == allHeights)
    #expect(table.delegateImplementations.defaultAnswerCount == 0)
  }

  /// The usual app gives exact heights only: estimates are the table's (no row is asked one) and exact
  /// heights are asked of the rows laid out.
  @Test func aDelegateWithOnlyExactHeightsIsAskedThemForRowsLaidOutAndNoEstimates() {
    let dataSource = RowsDataSource(rows: 100_000)
    let delegate = RowHeightOnlyDelegate()
    let table = makeTable(dataSource, delegate)
    #expect(delegate.heightRequests == (0..<5).map { .row($0) })
    #expect(table.delegateImplementations.notImplemented == [.estimatedRowHeight, .headerHeight, .footerHeight])
    #expect(table.delegateImplementations.defaultAnswerCount == 3)
    #expect(table.contentSize.height == CGFloat(100_000 * 44 + 5 * 44))
  }

  /// A new delegate is asked again; what the previous one did not implement says nothing about it. (Counts
  /// of default answers are per delegate.)
  @Test func replacingTheDelegateLearnsItsHeightMethodsAgain() {
    let dataSource = RowsDataSource(rows: 10_000)
    let plain = DisplayCountingDelegate()
    let table = makeTable(dataSource, plain)
    #expect(table.delegateImplementations.defaultAnswerCount == 4)

    let heights = HeightDelegate()
    heights.estimatedRowHeight = { _ in 30 }
    table.delegate = heights
    #expect(heights.estimateRequests == 10_000)
    #expect(table.contentSize.height < CGFloat(10_000 * 44))
    #expect(table.delegateImplementations.defaultAnswerCount == 0)

    let otherPlain = DisplayCountingDelegate()
    table.delegate = otherPlain
    table.reloadData()
    #expect(table.delegateImplementations.defaultAnswerCount == 4)
    #expect(table.contentSize.height == CGFloat(10_000 * 44))

    // The same object set again is asked again.
    heights.forgetRequests()
    table.delegate = heights
    table.delegate = heights
    #expect(heights.estimateRequests == 20_000)
    table.delegate = plain
    #expect(table.delegateImplementations.notImplemented == allHeights)
    #expect(table.delegateImplementations.defaultAnswerCount == 4)
  }

  /// As UIKit asks a delegate that responds to the selector, whatever it does inside: a delegate that
  /// forwards the estimate to another object's default is asked for every row.
  @Test func aDelegateForwardingToAnotherObjectsDefaultIsAskedForEveryRow() throws {
    let dataSource = RowsDataSource(rows: 1_000)
    let delegate = ForwardingDelegate()
    let table = makeTable(dataSource, delegate)
    #expect(delegate.estimateRequests == 1_000)
    #expect(table.delegateImplementations.implemented.contains(.estimatedRowHeight))
    try table.performBatchUpdates {
      dataSource.sections[0].removeFirst()
      table.deleteRows(at: [.row(0)], with: .automatic)
    }
    #expect(delegate.estimateRequests == 1_999)
  }
}
