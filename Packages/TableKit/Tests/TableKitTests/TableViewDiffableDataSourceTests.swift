import Foundation
import ListCoreTesting
import TableKit
import TableKitTesting
import Testing

/// The text each item's cell shows, changed by tests to stand for content that changed under an
/// unchanged identifier.
@MainActor
final class ItemTexts {
  var overrides: [String: String] = [:]
  /// Every item the cell provider was asked for, in order.
  var requests: [String] = []

  func text(for item: String) -> String { overrides[item] ?? item }
}

/// A diffable data source whose subclass gives titles and editable rows, as UIKit apps override them.
final class TitledDataSource: TableViewDiffableDataSource<String, String> {
  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sectionIdentifier(for: section).map { "Header \($0)" }
  }

  override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    section == 0 ? "Footer" : nil
  }

  override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    itemIdentifier(for: indexPath)?.hasPrefix("a") == true
  }
}

/// Data sources handed out by ``makeDiffableTable(rowsInViewport:_:)``, kept alive for the test run since
/// table views hold their data sources weakly.
@MainActor private var retainedDataSources: [AnyObject] = []

/// A table (with a spy delegate) shown by a diffable data source of string items, each bound to a
/// ``LabelCell`` with its text.
@MainActor
func makeDiffableTable<DataSource: TableViewDiffableDataSource<String, String>>(
  rowsInViewport: Int = 10,
  _ make: (TableView, @escaping TableViewDiffableDataSource<String, String>.CellProvider) -> DataSource
) -> (table: TableView, dataSource: DataSource, spy: SpyDelegate, texts: ItemTexts) {
  let table = TableView(rowsInViewport: rowsInViewport)
  table.register(LabelCell.self, forCellReuseIdentifier: "label")
  let texts = ItemTexts()
  let dataSource = make(table) { table, indexPath, item in
    texts.requests.append(item)
    let cell = table.dequeueReusableCell(withIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = texts.text(for: item)
    return cell
  }
  let spy = SpyDelegate()
  spy.tableView = table
  table.delegate = spy
  retainedDataSources += [dataSource, spy]
  return (table, dataSource, spy, texts)
}

/// A table shown by a plain diffable data source; see ``makeDiffableTable(rowsInViewport:_:)``.
@MainActor
func makeDiffableTable(
  rowsInViewport: Int = 10
) -> (table: TableView, dataSource: TableViewDiffableDataSource<String, String>, spy: SpyDelegate, texts: ItemTexts) {
  makeDiffableTable(rowsInViewport: rowsInViewport) { TableViewDiffableDataSource(tableView: $0, cellProvider: $1) }
}

extension TableView {
  /// The texts of the visible cells, in row order.
  var visibleTexts: [String] { visibleCells.map { ($0 as? LabelCell)?.text ?? "?" } }
}

@MainActor
@Suite struct TableViewDiffableDataSourceTests {
  @Test func itBecomesTheTablesDataSourceAndShowsWhatItApplies() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    #expect(table.dataSource === dataSource)
    try dataSource.apply(.of(["A": ["a1", "a2"], "B": ["b1"]]))
    #expect(table.numberOfSections == 2)
    #expect(table.numberOfRows(inSection: 0) == 2)
    #expect(table.visibleTexts == ["a1", "a2", "b1"])
    #expect(dataSource.snapshot().outline == "A: a1 a2 | B: b1")
  }

  @Test func itemsAndSectionsAreFoundByRowAndRowsByItem() throws {
    let (_, dataSource, _, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"], "B": ["b1"]]))
    #expect(dataSource.itemIdentifier(for: .row(1, 0)) == "a2")
    #expect(dataSource.itemIdentifier(for: .row(5, 0)) == nil)
    #expect(dataSource.itemIdentifier(for: IndexPath(index: 0)) == nil)
    #expect(dataSource.indexPath(for: "b1") == .row(0, 1))
    #expect(dataSource.indexPath(for: "z") == nil)
    #expect(dataSource.sectionIdentifier(for: 1) == "B")
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
    #expect(dataSource.index(for: "B") == 1)
    #expect(dataSource.index(for: "Z") == nil)
  }

  @Test func whatAnApplyChangedIsKeptUntilTheNextAndAReloadDataForgetsIt() throws {
    // The table is kept: a data source holds it weakly, and without it an apply only takes the snapshot.
    let (table, dataSource, _, _) = makeDiffableTable()
    defer { withExtendedLifetime(table) {} }
    #expect(dataSource.appliedChanges == nil)
    try dataSource.apply(.of(["A": ["a1", "a2", "a3"]]))
    var next = TextSnapshot.of(["A": ["a1", "a3", "a4"]])
    next.reloadItems(["a3"])
    next.reconfigureItems(["a1"])
    try dataSource.apply(next)
    let changes = try #require(dataSource.appliedChanges)
    #expect(changes.rowDeletes == [.row(1, 0)], "a2")
    #expect(changes.rowInserts == [.row(2, 0)], "a4")
    #expect(changes.rowReloads == [.row(2, 0)], "a3, named where it was")
    #expect(changes.rowMoves.isEmpty && changes.sectionInserts.isEmpty, "a1, reconfigured, is not in it")
    var refused = TextSnapshot.of(["A": ["a1"]])
    refused.appendItems(["a1"], toSection: "Z")
    #expect(
      throws: TableViewError.invalidSnapshot(
        #"Invalid parameter not satisfying: section != NSNotFound (section identifier "Z" is not in the snapshot)"#)
    ) { try dataSource.apply(refused) }
    #expect(dataSource.appliedChanges == changes, "a refused apply changed nothing")
    try dataSource.applySnapshotUsingReloadData(.of(["A": ["a1"]]))
    #expect(dataSource.appliedChanges == nil)
  }

  @Test func theSnapshotItGivesBackHasNoMarks() throws {
    let (_, dataSource, _, _) = makeDiffableTable()
    var snapshot = TextSnapshot.of(["A": ["a1", "a2"]])
    snapshot.reloadItems(["a1"])
    snapshot.reconfigureItems(["a2"])
    snapshot.reloadSections(["A"])
    try dataSource.apply(snapshot)
    #expect(dataSource.snapshot() == snapshot)
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)
    #expect(dataSource.snapshot().reloadedSectionIdentifiers.isEmpty)
  }

  @Test func withoutASubclassThereAreNoTitlesAndNoRowCanBeEdited() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1"]]))
    let answering: any TableViewDataSource = dataSource
    #expect(table.headerTitle(forSection: 0) == nil)
    #expect(table.footerTitle(forSection: 0) == nil)
    #expect(answering.tableView(table, canEditRowAt: .row(0)) == false)
    #expect(
      throws: TableViewError.interactionRejected(
        row: 0, section: 0, reason: "Table view data source does not allow editing of that row.")
    ) { try table.selectCellAction(withTitle: "Delete", at: .row(0)) }
  }

  @Test func aSubclassGivesTitlesAndEditableRows() throws {
    let (table, dataSource, _, _) = makeDiffableTable { TitledDataSource(tableView: $0, cellProvider: $1) }
    try dataSource.apply(.of(["A": ["a1", "b1"], "B": ["a2"]]))
    let answering: any TableViewDataSource = dataSource
    #expect(table.headerTitle(forSection: 1) == "Header B")
    #expect(table.footerTitle(forSection: 0) == "Footer")
    #expect(table.footerTitle(forSection: 1) == nil)
    #expect(answering.tableView(table, canEditRowAt: .row(0)))
    #expect(!answering.tableView(table, canEditRowAt: .row(1)))
  }

  @Test func applyingKeepsTheCellsOfKeptRowsAndTheSelectionFollowsItsItem() throws {
    let (table, dataSource, spy, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2", "a3"]]))
    try table.selectRow(at: .row(2))
    let cell = table.cellForRow(at: .row(2))
    spy.clear()
    try dataSource.apply(.of(["A": ["a3", "a0", "a1"]]), animatingDifferences: false)
    #expect(table.visibleTexts == ["a3", "a0", "a1"])
    #expect(table.cellForRow(at: .row(0)) === cell)
    #expect(table.indexPathsForSelectedRows == [.row(0)])
    #expect(spy.interactionCalls.isEmpty)
  }

  @Test func theCompletionRunsOnceWhenTheTableShowsTheSnapshot() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1"]]))
    var shown: [[String]] = []
    try dataSource.apply(.of(["A": ["a1", "a2"], "B": ["b1"]])) {
      shown.append(table.visibleTexts)
    }
    #expect(shown == [["a1", "a2", "b1"]])
    try dataSource.applySnapshotUsingReloadData(.of(["B": ["b2"]])) {
      shown.append(table.visibleTexts)
    }
    #expect(shown == [["a1", "a2", "b1"], ["b2"]])
  }

  @Test func theAsynchronousApplyReturnsOnceTheTableShowsTheSnapshot() async throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    try await dataSource.apply(.of(["A": ["a1", "a2"]]))
    #expect(table.visibleTexts == ["a1", "a2"])
    try await dataSource.apply(.of(["A": ["a2"]]), animatingDifferences: false)
    #expect(table.visibleTexts == ["a2"])
    try await dataSource.applySnapshotUsingReloadData(.of(["A": ["a3"]]))
    #expect(table.visibleTexts == ["a3"])
  }

  @Test func anApplyAfterAReloadDataDiffsFromTheReloadedSnapshot() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    defer { withExtendedLifetime(table) {} }
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    try dataSource.applySnapshotUsingReloadData(.of(["A": ["a2", "a3"], "B": ["b1"]]))
    try dataSource.apply(.of(["A": ["a3", "a4"], "B": ["b1"]]))
    let changes = try #require(dataSource.appliedChanges)
    #expect(changes.rowDeletes == [.row(0, 0)], "a2")
    #expect(changes.rowInserts == [.row(1, 0)], "a4")
    #expect(changes.rowMoves.isEmpty && changes.sectionInserts.isEmpty && changes.sectionDeletes.isEmpty)
    #expect(table.visibleTexts == ["a3", "a4", "b1"])
  }

  @Test func applyingUsingReloadDataReloadsTheTableAndClearsTheSelection() throws {
    let (table, dataSource, spy, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    try table.selectRow(at: .row(1))
    spy.recordsDisplay = true
    try dataSource.applySnapshotUsingReloadData(.of(["A": ["a1", "a2"]]))
    #expect(table.indexPathsForSelectedRows == nil)
    #expect(spy.calls.filter { $0.hasPrefix("willDisplay") }.count == 2)
  }

  @Test func aMisusedSnapshotIsRefusedAndLeavesTableAndSnapshotAsTheyWere() throws {
    let (table, dataSource, spy, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    try table.selectRow(at: .row(1))
    let cells = table.visibleCells
    var snapshot = dataSource.snapshot()
    snapshot.appendItems(["a3", "a4", "a3"])
    snapshot.appendSections(["B"])
    spy.clear()
    texts.requests = []
    var completions = 0
    let duplicates = TableViewError.invalidSnapshot(
      #"Supplied item identifiers are not unique. Duplicate identifiers: {("a3")}"#)
    #expect(throws: duplicates) { try dataSource.apply(snapshot) { completions += 1 } }
    #expect(throws: duplicates) { try dataSource.applySnapshotUsingReloadData(snapshot) { completions += 1 } }
    #expect(completions == 0)
    #expect(dataSource.snapshot().outline == "A: a1 a2")
    #expect(table.numberOfSections == 1)
    #expect(table.visibleCells.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
    #expect(table.indexPathsForSelectedRows == [.row(1)])
    #expect(texts.requests.isEmpty)
    #expect(spy.calls.isEmpty)
  }

  @Test func anUpdateTheTableRefusesLeavesTableAndSnapshotAsTheyWere() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    // The table answers to another data source now: the diff no longer matches what it shows.
    let other = RowsDataSource([["x", "y", "z"]])
    table.dataSource = other
    try table.selectRow(at: .row(1))
    #expect(
      throws: TableViewError.invalidUpdate(
        "Invalid update: attempt to insert row 3 into section 0, but there are only 3 rows in section 0 after the "
          + "update")
    ) {
      try dataSource.apply(.of(["A": ["a1", "a2", "a3", "a4"]]))
    }
    #expect(dataSource.snapshot().outline == "A: a1 a2")
    #expect(table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == ["x", "y", "z"])
    #expect(table.indexPathsForSelectedRows == [.row(1)])
    #expect(table.cellForRow(at: .row(1))?.isSelected == true)
  }

  @Test func aSnapshotCannotBeAppliedInsideABatchUpdate() throws {
    let (table, dataSource, _, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1"]]))
    var thrown: (any Error)?
    try table.performBatchUpdates {
      do { try dataSource.apply(.of(["A": ["a2"]])) } catch { thrown = error }
    }
    #expect(
      (thrown as? TableViewError)?.description
        == "Invalid update: a snapshot cannot be applied inside performBatchUpdates(_:completion:)")
    #expect(dataSource.snapshot().outline == "A: a1")
  }

  @Test func aSnapshotCannotBeAppliedWhileAnotherIsBeingApplied() throws {
    let (table, dataSource, spy, _) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1"]]))
    var thrown: (any Error)?
    spy.recordsDisplay = true
    spy.afterDidEndDisplaying = { _ in
      do { try dataSource.apply(.of(["A": ["a3"]])) } catch { thrown = error }
    }
    try dataSource.apply(.of(["A": ["a2"]]))
    #expect(
      (thrown as? TableViewError)?.description
        == "Invalid update: a snapshot was applied while the data source was applying another one")
    #expect(table.visibleTexts == ["a2"])
  }

  @Test func reloadingAnItemGivesItsRowAFreshlyConfiguredCell() throws {
    let (table, dataSource, spy, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2", "a3"]]))
    try table.selectRow(at: .row(1))
    let cell = try table.fetchCell(at: .row(1), asType: LabelCell.self)
    let prepared = cell.timesPrepared
    texts.overrides["a2"] = "a2 changed"
    texts.requests = []
    spy.recordsDisplay = true
    spy.clear()
    var snapshot = dataSource.snapshot()
    snapshot.reloadItems(["a2"])
    try dataSource.apply(snapshot)
    let shown = try table.fetchCell(at: .row(1), asType: LabelCell.self)
    #expect(shown.text == "a2 changed")
    // The old cell went back to the reuse pool and was dequeued again, prepared for reuse.
    #expect(shown === cell && cell.timesPrepared == prepared + 1)
    #expect(texts.requests == ["a2"])
    #expect(spy.calls == ["didEndDisplaying 0.1", "willDisplay 0.1"])
    #expect(table.indexPathsForSelectedRows == nil)
  }

  @Test func reconfiguringAnItemHandsTheProviderTheCellItShows() throws {
    let (table, dataSource, spy, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2", "a3"]]))
    try table.selectRow(at: .row(1))
    let cell = try table.fetchCell(at: .row(1), asType: LabelCell.self)
    let prepared = cell.timesPrepared
    texts.overrides["a2"] = "a2 changed"
    texts.requests = []
    spy.recordsDisplay = true
    spy.clear()
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems(["a2"])
    try dataSource.apply(snapshot)
    #expect(table.cellForRow(at: .row(1)) === cell)
    #expect(cell.text == "a2 changed")
    #expect(cell.timesPrepared == prepared)
    #expect(texts.requests == ["a2"])
    #expect(spy.calls.isEmpty)
    #expect(table.indexPathsForSelectedRows == [.row(1)])
    #expect(cell.isSelected)
  }

  @Test func aChangedItemThatIsNotMarkedKeepsItsCellAsItIs() throws {
    let (table, dataSource, _, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    texts.overrides["a2"] = "a2 changed"
    try dataSource.apply(.of(["A": ["a1", "a2"]]))
    #expect(table.visibleTexts == ["a1", "a2"])
  }

  @Test func aReloadedItemThatMovesIsDeletedAndInsertedWithAFreshCell() throws {
    let (table, dataSource, _, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2", "a3"], "B": ["b1"]]))
    texts.overrides["a1"] = "a1 changed"
    var snapshot = TextSnapshot.of(["A": ["a2", "a3"], "B": ["b1", "a1"]])
    snapshot.reloadItems(["a1"])
    snapshot.reconfigureItems(["a1"])
    texts.requests = []
    try dataSource.apply(snapshot)
    #expect(table.visibleTexts == ["a2", "a3", "b1", "a1 changed"])
    #expect(texts.requests == ["a1"], "a reloaded item is not reconfigured as well")
  }

  @Test func reloadingASectionGivesEachOfItsRowsAFreshCell() throws {
    let (table, dataSource, _, texts) = makeDiffableTable()
    try dataSource.apply(.of(["A": ["a1", "a2"], "B": ["b1", "b2"]]))
    texts.overrides = ["a1": "x", "b1": "y", "b2": "z"]
    texts.requests = []
    var snapshot = TextSnapshot.of(["B": ["b1", "b2"], "A": ["a1", "a2"]])
    snapshot.reloadSections(["B"])
    try dataSource.apply(snapshot)
    #expect(table.visibleTexts == ["y", "z", "a1", "a2"])
    #expect(Set(texts.requests) == ["b1", "b2"])
  }

  @Test func aCellProviderThatMakesNoCellShowsAnEmptyPlainCell() throws {
    let table = TableView()
    let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { _, _, _ in nil }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1, 2])
    try dataSource.apply(snapshot)
    #expect(table.visibleCells.count == 2)
    #expect(table.visibleCells.allSatisfy { type(of: $0) == TableViewCell.self && $0.reuseIdentifier == nil })
  }

  @Test func aDataSourceWhoseTableIsGoneStillKeepsItsSnapshot() throws {
    var table: TableView? = TableView()
    let dataSource = TableViewDiffableDataSource<String, String>(tableView: table!) { _, _, _ in nil }
    table = nil
    var completions = 0
    try dataSource.apply(.of(["A": ["a1"]])) { completions += 1 }
    #expect(dataSource.snapshot().outline == "A: a1")
    #expect(completions == 1)
  }
  // MARK: Random snapshot pairs

  @Test(arguments: 0..<6)
  func randomSnapshotPairsShowTheTargetReuseCellsAndKeepTheSelectionOnItsItems(seed: UInt64) throws {
    var random = TestRandom(state: 0xD1FF_0000 + seed)
    for round in 0..<20 {
      let rows = Int.random(in: 3...12, using: &random)
      let (table, dataSource, _, texts) = makeDiffableTable(rowsInViewport: rows)
      table.allowsMultipleSelection = true
      var shown = Self.randomSnapshot(using: &random)
      try dataSource.apply(shown)
      for step in 0..<6 {
        let context = Comment(rawValue: "seed \(seed), round \(round), step \(step)")
        table.contentOffset = CGPoint(
          x: 0, y: CGFloat(Int.random(in: 0...Int(table.contentSize.height), using: &random)))
        for section in 0..<table.numberOfSections {
          for row in 0..<table.numberOfRows(inSection: section) where Int.random(in: 0..<4, using: &random) == 0 {
            table.selectRow(at: IndexPath(row: row, section: section), animated: false, scrollPosition: .none)
          }
        }
        let selectedBefore = Set(
          (table.indexPathsForSelectedRows ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
        var target = Self.randomSnapshot(using: &random)
        // Some kept items change content, and are marked for reload or reconfigure; so are some sections.
        var reloaded = Set<String>()
        var reconfigured: [String] = []
        for item in target.itemIdentifiers
        where shown.indexOfItem(item) != nil && Int.random(in: 0..<6, using: &random) == 0 {
          texts.overrides[item] = "\(item) (\(round).\(step))"
          if Bool.random(using: &random) { reloaded.insert(item) } else { reconfigured.append(item) }
        }
        target.reloadItems(Array(reloaded))
        target.reconfigureItems(reconfigured)
        if let section = target.sectionIdentifiers.randomElement(using: &random),
          Int.random(in: 0..<4, using: &random) == 0
        {
          target.reloadSections([section])
          reloaded.formUnion(target.itemIdentifiers(inSection: section))
        }
        try dataSource.apply(target, animatingDifferences: Bool.random(using: &random))

        #expect(dataSource.snapshot() == target, context)
        #expect(table.numberOfSections == target.numberOfSections, context)
        for (index, section) in target.sectionIdentifiers.enumerated() {
          #expect(table.numberOfRows(inSection: index) == target.numberOfItems(inSection: section), context)
        }
        for path in table.indexPathsForVisibleRows ?? [] {
          let item = dataSource.itemIdentifier(for: path) ?? "?"
          #expect((table.cellForRow(at: path) as? LabelCell)?.text == texts.text(for: item), context)
          #expect(table.cellForRow(at: path)?.isSelected == table.indexPathsForSelectedRows?.contains(path) ?? false)
        }
        let selectedAfter = Set(
          (table.indexPathsForSelectedRows ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
        // An item keeps its selection if it stays, unless it is reloaded or its section is deleted or new
        // (it is then deleted and inserted: a batch update cannot move a row out of a deleted section).
        let kept = selectedBefore.filter { item in
          guard let old = shown.sectionIdentifier(containingItem: item),
            let new = target.sectionIdentifier(containingItem: item)
          else { return false }
          return target.indexOfSection(old) != nil && shown.indexOfSection(new) != nil && !reloaded.contains(item)
        }
        #expect(selectedAfter == kept, context)
        #expect(table.visibleCells.count + table.reusableCellCount == table.createdCellCount, context)
        #expect(table.createdCellCount <= rows + 1, context)
        shown = target
      }
    }
  }

  static let itemNames = (0..<40).map { "i\($0)" }
  static let sectionNames = (0..<5).map { "S\($0)" }

  /// Up to five sections, in random order, holding a random part of forty items in random order.
  static func randomSnapshot(using random: inout TestRandom) -> TextSnapshot {
    var snapshot = TextSnapshot()
    let sections = Array(sectionNames.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)))
    snapshot.appendSections(sections)
    guard !sections.isEmpty else { return snapshot }
    for item in itemNames.shuffled(using: &random) where Int.random(in: 0..<3, using: &random) > 0 {
      snapshot.appendItems([item], toSection: sections.randomElement(using: &random))
    }
    return snapshot
  }
}
