import Benchmark
import DiffScenarios
import Foundation
import TableKit

/// The diffable data source on the large scenario: building a 100,000-item snapshot, its queries, and applying
/// it beside the bare diff and batch update it is made of, measured in the same run.
func diffableDataSourceBenchmarks(_ scenario: DiffScenario) {
  let items = scenario.old.map(\.id)
  let snapshot = ApplyFixture.snapshot(of: scenario.old)
  let name = "100,000 elements (-10,000 +10,000, 2,000 moved)"

  Benchmark(
    "DiffableDataSourceSnapshot: build 100,000 items, one appendItems",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      var built = DiffableDataSourceSnapshot<Int, UUID>()
      built.appendSections([0])
      built.appendItems(items)
      blackHole(built)
    }
  }

  Benchmark(
    "DiffableDataSourceSnapshot: build 100,000 items, one appendItems each",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      var built = DiffableDataSourceSnapshot<Int, UUID>()
      built.appendSections([0])
      for item in items { built.appendItems([item]) }
      blackHole(built)
    }
  }

  Benchmark(
    "DiffableDataSourceSnapshot: itemIdentifiers(inSection:) × 100,000, 100,000 items",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      for _ in 0..<100_000 { blackHole(snapshot.itemIdentifiers(inSection: 0).count) }
    }
  }

  Benchmark(
    "DiffableDataSourceSnapshot: indexOfItem of each of 100,000 items",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      for item in items { blackHole(snapshot.indexOfItem(item)) }
    }
  }

  Benchmark(
    "TableViewDiffableDataSource.apply, \(name), there and back",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, fixture in
    for _ in benchmark.scaledIterations { await fixture.applySnapshotsThereAndBack() }
  } setup: {
    await ApplyFixture(scenario)
  }

  Benchmark(
    "Changeset.difference + TableView.apply, \(name), there and back",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, fixture in
    for _ in benchmark.scaledIterations { await fixture.applyChangesetsThereAndBack() }
  } setup: {
    await ApplyFixture(scenario)
  }
}

/// Two tables of 20 visible rows showing the scenario's old elements: one through a diffable data source, one
/// through a plain data source updated with `Changeset.difference` and `TableView.apply`.
@MainActor
final class ApplyFixture {
  private let diffableTable = TableView(rowsInViewport: 20)
  private let diffable: TableViewDiffableDataSource<Int, UUID>
  private let oldSnapshot: DiffableDataSourceSnapshot<Int, UUID>
  private let newSnapshot: DiffableDataSourceSnapshot<Int, UUID>
  private let bareTable = TableView(rowsInViewport: 20)
  private let bare: ElementsDataSource
  private let scenario: DiffScenario

  init(_ scenario: DiffScenario) {
    self.scenario = scenario
    oldSnapshot = Self.snapshot(of: scenario.old)
    newSnapshot = Self.snapshot(of: scenario.new)
    diffableTable.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    diffable = TableViewDiffableDataSource(tableView: diffableTable) { table, indexPath, _ in
      table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    bare = ElementsDataSource(scenario.old)
    bareTable.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    bareTable.dataSource = bare
    do {
      try diffable.apply(oldSnapshot)
    } catch {
      fatalError("the first snapshot was refused: \(error)")
    }
    bareTable.reloadData()
  }

  /// A one-section snapshot of the elements' identifiers.
  nonisolated static func snapshot(of elements: [Element]) -> DiffableDataSourceSnapshot<Int, UUID> {
    var snapshot = DiffableDataSourceSnapshot<Int, UUID>()
    snapshot.appendSections([0])
    snapshot.appendItems(elements.map(\.id))
    return snapshot
  }

  /// Applies the new snapshot, then the old one again.
  func applySnapshotsThereAndBack() {
    do {
      try diffable.apply(newSnapshot)
      try diffable.apply(oldSnapshot)
    } catch {
      fatalError("a snapshot was refused: \(error)")
    }
  }

  /// Diffs old to new and applies it, then back.
  func applyChangesetsThereAndBack() {
    do {
      let there = Changeset.difference(from: scenario.old, to: scenario.new)
      bare.elements = scenario.new
      try bareTable.apply(there)
      let back = Changeset.difference(from: scenario.new, to: scenario.old)
      bare.elements = scenario.old
      try bareTable.apply(back)
    } catch {
      fatalError("a changeset was refused: \(error)")
    }
  }
}

/// A data source over one section of elements.
@MainActor
final class ElementsDataSource: TableViewDataSource {
  var elements: [Element]

  init(_ elements: [Element]) {
    self.elements = elements
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { elements.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
}
