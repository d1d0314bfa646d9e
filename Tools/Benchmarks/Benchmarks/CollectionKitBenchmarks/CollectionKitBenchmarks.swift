import Benchmark
import CollectionKit
import DiffScenarios
import Foundation
import TableKit

/// CollectionKit in release: laying out and scrolling a uniform grid of 1,000,000 items (flow and compositional
/// layouts), and the diffable data source's apply of the 100,000-item diff scenario beside TableKit's apply of the same snapshots, in one run.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1
  )

  Benchmark(
    "Flow layout: prepare, 1,000,000 uniform items",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 1_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.prepareAgain() }
  } setup: {
    await GridFixture(items: 1_000_000)
  }

  Benchmark(
    "Flow layout: scroll step of one line, 1,000,000 uniform items",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.scrollOneLine() }
  } setup: {
    await GridFixture(items: 1_000_000)
  }

  Benchmark(
    "Flow layout: scroll step of one screen, 1,000,000 uniform items",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.scrollOneScreen() }
  } setup: {
    await GridFixture(items: 1_000_000)
  }

  Benchmark(
    "Compositional layout: prepare, 1,000,000 items in three fractional columns",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 1_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.prepareAgain() }
  } setup: {
    await GridFixture(items: 1_000_000, layout: .compositional)
  }

  Benchmark(
    "Compositional layout: scroll step of one line, 1,000,000 items in three fractional columns",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.scrollOneLine() }
  } setup: {
    await GridFixture(items: 1_000_000, layout: .compositional)
  }

  Benchmark(
    "Compositional layout: scroll step of one screen, 1,000,000 items in three fractional columns",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100_000)
  ) { benchmark, grid in
    for _ in benchmark.scaledIterations { await grid.scrollOneScreen() }
  } setup: {
    await GridFixture(items: 1_000_000, layout: .compositional)
  }

  let scenario = DiffScenario(count: 100_000, deletes: 10_000, inserts: 10_000, moves: 2_000)
  let name = "100,000 elements (-10,000 +10,000, 2,000 moved), there and back"

  Benchmark(
    "CollectionViewDiffableDataSource.apply, \(name)",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, fixture in
    for _ in benchmark.scaledIterations { await fixture.applyToCollectionThereAndBack() }
  } setup: {
    await DiffableApplyFixture(scenario)
  }

  Benchmark(
    "TableViewDiffableDataSource.apply, \(name)",
    configuration: .init(maxDuration: .seconds(15), maxIterations: 60)
  ) { benchmark, fixture in
    for _ in benchmark.scaledIterations { await fixture.applyToTableThereAndBack() }
  } setup: {
    await DiffableApplyFixture(scenario)
  }
}

/// A 320 × 480 collection view of uniform items in lines 60 apart, eight lines on screen: a flow layout of 50 × 50
/// items, 10 apart (five to a line: 40 cells on screen), or a compositional layout of three fractional columns of
/// 60-high rows (24 cells on screen).
@MainActor
final class GridFixture {
  /// The layout a grid uses.
  enum Kind {
    case flow
    case compositional
  }

  private let layout: CollectionViewLayout
  private let view: CollectionView
  private let dataSource: CountDataSource
  private let maximumOffset: CGFloat
  private let line: CGFloat = 60

  init(items: Int, layout kind: Kind = .flow) {
    switch kind {
    case .flow:
      layout = CollectionViewFlowLayout()
    case .compositional:
      let item = CollectionLayoutItem(
        layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
        repeatingSubitem: item, count: 3)
      layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
    }
    view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    dataSource = CountDataSource(count: items)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = dataSource
    maximumOffset = view.contentSize.height - 480
    let expected = kind == .flow ? 40 : 24
    guard view.visibleCells.count == expected else {
      fatalError("the grid shows \(view.visibleCells.count) cells, not \(expected)")
    }
  }

  /// Invalidates the layout and asks for the content size: one `prepare()` (and the visible cells laid out again).
  func prepareAgain() {
    layout.invalidateLayout()
    blackHole(view.contentSize)
  }

  /// Scrolls down one line (a line's items leave, as many come in), back to the top at the end.
  func scrollOneLine() {
    scroll(by: line)
  }

  /// Scrolls down one screen (every cell is reused), back to the top at the end.
  func scrollOneScreen() {
    scroll(by: 480)
  }

  private func scroll(by distance: CGFloat) {
    let next = view.contentOffset.y + distance
    view.contentOffset = CGPoint(x: 0, y: next > maximumOffset ? 0 : next)
    blackHole(view.visibleCells.count)
  }
}

/// A data source of one section of `count` items, each a plain cell.
@MainActor
final class CountDataSource: CollectionViewDataSource {
  let count: Int

  init(count: Int) {
    self.count = count
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
}

/// The scenario's snapshots applied to a collection view (a grid with 20 cells on screen: 4 columns of 80 × 96
/// in 320 × 480) and to a table view of 20 visible rows, each through its diffable data source.
@MainActor
final class DiffableApplyFixture {
  private let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: DiffableApplyFixture.gridLayout())
  private let collectionSource: CollectionViewDiffableDataSource<Int, UUID>
  private let table = TableView(rowsInViewport: 20)
  private let tableSource: TableViewDiffableDataSource<Int, UUID>
  private let old: DiffableDataSourceSnapshot<Int, UUID>
  private let new: DiffableDataSourceSnapshot<Int, UUID>

  init(_ scenario: DiffScenario) {
    old = Self.snapshot(of: scenario.old)
    new = Self.snapshot(of: scenario.new)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionSource = CollectionViewDiffableDataSource(collectionView: collectionView) { view, indexPath, _ in
      view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    tableSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, _ in
      table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    do {
      try collectionSource.apply(old)
      try tableSource.apply(old)
    } catch {
      fatalError("the first snapshot was refused: \(error)")
    }
    guard collectionView.visibleCells.count == 20, table.visibleCells.count == 20 else {
      fatalError("\(collectionView.visibleCells.count) cells in the grid, \(table.visibleCells.count) in the table")
    }
  }

  private static func gridLayout() -> CollectionViewFlowLayout {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 80, height: 96)
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    return layout
  }

  private static func snapshot(of elements: [Element]) -> DiffableDataSourceSnapshot<Int, UUID> {
    var snapshot = DiffableDataSourceSnapshot<Int, UUID>()
    snapshot.appendSections([0])
    snapshot.appendItems(elements.map(\.id))
    return snapshot
  }

  /// Applies the new snapshot to the collection view, then the old one again.
  func applyToCollectionThereAndBack() {
    do {
      try collectionSource.apply(new)
      try collectionSource.apply(old)
    } catch {
      fatalError("a snapshot was refused: \(error)")
    }
  }

  /// Applies the new snapshot to the table view, then the old one again.
  func applyToTableThereAndBack() {
    do {
      try tableSource.apply(new)
      try tableSource.apply(old)
    } catch {
      fatalError("a snapshot was refused: \(error)")
    }
  }
}
