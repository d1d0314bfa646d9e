import Foundation
import TableKit
import Testing

/// Records prefetch calls as "prefetch 10-19" or "cancel 30,31" (rows of section 0, in the order given).
@MainActor
final class SpyPrefetcher: TableViewDataSourcePrefetching {
  private(set) var calls: [String] = []

  func clear() { calls = [] }

  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    calls.append("prefetch " + Self.describe(indexPaths))
  }

  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    calls.append("cancel " + Self.describe(indexPaths))
  }

  /// Runs of consecutive rows as "first-last", others listed; a section other than 0 is spelled out.
  static func describe(_ indexPaths: [IndexPath]) -> String {
    var runs: [(first: IndexPath, last: IndexPath)] = []
    for path in indexPaths {
      if let run = runs.last, run.last.section == path.section, abs(run.last.row - path.row) == 1,
        run.first == run.last || (path.row - run.last.row) == (run.last.row - run.first.row).signum()
      {
        runs[runs.count - 1].last = path
      } else {
        runs.append((path, path))
      }
    }
    return runs.map { run in
      let rows = run.first == run.last ? "\(run.first.row)" : "\(run.first.row)-\(run.last.row)"
      return run.first.section == 0 ? rows : "\(rows) in section \(run.first.section)"
    }.joined(separator: ",")
  }
}

/// A prefetch data source that implements only what is required.
@MainActor
final class MinimalPrefetcher: TableViewDataSourcePrefetching {
  private(set) var prefetched: [IndexPath] = []

  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched += indexPaths
  }
}

@MainActor
@Suite struct PrefetchingTests {
  let dataSource = RowsDataSource(rows: 1_000)
  let prefetcher = SpyPrefetcher()

  /// A ten-row table (rows of 44 points) with the prefetcher attached, as first laid out.
  func makePrefetchingTable() -> TableView {
    let (table, _) = makeTable(dataSource)
    table.prefetchDataSource = prefetcher
    return table
  }

  @Test func theFirstLayoutPrefetchesTheScreenBelowTheViewport() {
    _ = makePrefetchingTable()
    #expect(prefetcher.calls == ["prefetch 10-19"])
  }

  @Test func scrollingDownPrefetchesEachRowAheadOnceNearestFirst() {
    let table = makePrefetchingTable()
    prefetcher.clear()
    table.contentOffset = CGPoint(x: 0, y: 3 * 44)
    table.contentOffset = CGPoint(x: 0, y: 3 * 44 + 10)
    table.contentOffset = CGPoint(x: 0, y: 4 * 44)
    table.contentOffset = CGPoint(x: 0, y: 4 * 44 + 10)
    #expect(prefetcher.calls == ["prefetch 20-22", "prefetch 23", "prefetch 24"])
  }

  @Test func rowsThatBecomeVisibleAreNotCancelled() {
    let table = makePrefetchingTable()
    for step in 1...10 { table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 44) }
    #expect(!prefetcher.calls.contains { $0.hasPrefix("cancel") })
    #expect(prefetcher.calls.first == "prefetch 10-19")
    #expect(prefetcher.calls.count == 11)
    #expect(prefetcher.calls.last == "prefetch 29")
  }

  @Test func reversingCancelsTheRowsAheadThatWereNeverShownAndPrefetchesTheScreenAbove() {
    let table = makePrefetchingTable()
    table.contentOffset = CGPoint(x: 0, y: 20 * 44)
    prefetcher.clear()
    table.contentOffset = CGPoint(x: 0, y: 19 * 44)
    #expect(table.indexPathsForVisibleRows == (19..<29).map { .row($0) })
    #expect(prefetcher.calls == ["cancel 30-39", "prefetch 18-9"])
  }

  @Test func aJumpFarAwayCancelsThePendingRowsAndPrefetchesAheadOfTheNewPlace() {
    let table = makePrefetchingTable()
    prefetcher.clear()
    table.scrollToRow(at: .row(500), at: .top)
    #expect(prefetcher.calls == ["cancel 10-19", "prefetch 510-519"])
  }

  @Test func aPartlyVisibleRowIsNotPrefetched() {
    let table = makePrefetchingTable()
    prefetcher.clear()
    table.contentOffset = CGPoint(x: 0, y: 22)
    #expect(table.indexPathsForVisibleRows?.last == .row(10))
    #expect(prefetcher.calls == ["prefetch 20"])
  }

  @Test func theLastScreenHasNothingBelowToPrefetch() {
    let table = makePrefetchingTable()
    table.scrollToRow(at: .row(999), at: .bottom)
    prefetcher.clear()
    table.scrollToRow(at: .row(999), at: .bottom)
    table.contentOffset = CGPoint(x: 0, y: 1_000_000)
    #expect(prefetcher.calls.isEmpty)
  }

  /// A choice: the rows asked to prefetch name the data the table had before the reload, so they are
  /// forgotten rather than cancelled; the screen ahead is prefetched again.
  @Test func reloadingDataForgetsPendingRowsWithoutCancellingThem() {
    let table = makePrefetchingTable()
    prefetcher.clear()
    table.reloadData()
    #expect(prefetcher.calls == ["prefetch 10-19"])
  }

  @Test func aBatchUpdateMovesPendingRowsWithTheirDataAndDropsDeletedOnes() throws {
    let table = makePrefetchingTable()
    prefetcher.clear()
    try table.performBatchUpdates {
      dataSource.sections[0].remove(at: 15)
      table.deleteRows(at: [.row(15)], with: .automatic)
    }
    #expect(prefetcher.calls == ["prefetch 19"])
    table.contentOffset = CGPoint(x: 0, y: 30 * 44)
    #expect(prefetcher.calls.last == "prefetch 40-49")
    #expect(prefetcher.calls.dropLast().last == "cancel 10-19")
  }

  @Test func withoutAPrefetchDataSourceOrWithPrefetchingDisabledNothingIsAsked() {
    let table = makePrefetchingTable()
    table.isPrefetchingEnabled = false
    prefetcher.clear()
    table.contentOffset = CGPoint(x: 0, y: 100 * 44)
    #expect(prefetcher.calls.isEmpty)
    table.isPrefetchingEnabled = true
    #expect(prefetcher.calls == ["prefetch 110-119"])
    table.prefetchDataSource = nil
    table.contentOffset = CGPoint(x: 0, y: 0)
    #expect(prefetcher.calls == ["prefetch 110-119"])
  }

  @Test func aPrefetcherThatDoesNotImplementCancelIsOnlyToldWhatToPrefetch() {
    let minimal = MinimalPrefetcher()
    let (table, _) = makeTable(dataSource)
    table.prefetchDataSource = minimal
    table.scrollToRow(at: .row(500), at: .top)
    #expect(minimal.prefetched == (10..<20).map { .row($0) } + (510..<520).map { .row($0) })
  }
}
