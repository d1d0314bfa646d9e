import Foundation
import ListCoreTesting
import TableKit
import TableKitTesting
import Testing

/// A cell that remembers what it was bound to.
final class EntryCell: TableViewCell {
  var entry: DiffEntry?
}

/// A data source over a snapshot of sections, counting the cells it is asked for.
@MainActor
final class SnapshotDataSource: TableViewDataSource {
  var snapshot: [DiffableSection<Int, DiffEntry>]
  var cellRequests = 0

  init(_ snapshot: [DiffableSection<Int, DiffEntry>]) {
    self.snapshot = snapshot
  }

  func numberOfSections(in tableView: TableView) -> Int { snapshot.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { snapshot[section].items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellRequests += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "entry", for: indexPath)
    (cell as? EntryCell)?.entry = snapshot[indexPath.section].items[indexPath.row]
    return cell
  }
}

@MainActor
@Suite struct ApplyingChangesetTests {
  @Test func repeatedIdentifiersAreShownAsOtherItems() throws {
    let old = [DiffableSection(id: 0, items: [1, 1, 2].map { DiffEntry(id: $0, content: 0) })]
    let new = [DiffableSection(id: 0, items: [2, 1, 1, 1].map { DiffEntry(id: $0, content: $0) })]
    try checkApplying(Changeset.difference(from: old, to: new), from: old, to: new)
  }

  @Test func applyingTheChangesetToTheOldTableYieldsTheNewOneForManyRandomSnapshots() throws {
    var random = TestRandom(state: 2026)
    for round in 0..<600 {
      let old = RandomSections.make(maximumRows: round < 400 ? 8 : 60, using: &random)
      let new = RandomSections.edit(old, using: &random)
      let changeset = Changeset.difference(from: old, to: new)
      try checkApplying(changeset, from: old, to: new)
    }
  }

  @Test func reversingALargeTableMovesEveryRowWithItsCellAndSelection() throws {
    let rows = (0..<5_000).map { "Row \($0)" }
    let dataSource = RowsDataSource([rows])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(2))
    let old = [DiffableSection(id: 0, items: rows.map { DiffEntry(id: Int($0.dropFirst(4))!, content: 0) })]
    let new = [DiffableSection(id: 0, items: old[0].items.reversed())]
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowMoves.count == 4_999)
    dataSource.sections = [rows.reversed()]
    try table.apply(changeset)
    #expect(table.indexPathsForSelectedRows == [.row(4_997)])
    #expect(
      table.visibleCells.compactMap { ($0 as? LabelCell)?.text } == (4_990..<5_000).reversed().map { "Row \($0)" })
    table.scrollToRow(at: .row(4_997), at: .top)
    #expect(table.cellForRow(at: .row(4_997))?.isSelected == true)
  }

  /// Applies `changeset` to a table showing `old` whose data source now answers `new`, and checks that every
  /// row shows the new item: kept cells moved to the right rows, changed and new rows got fresh cells, and
  /// no other cell was requested.
  private func checkApplying(
    _ changeset: Changeset,
    from old: [DiffableSection<Int, DiffEntry>],
    to new: [DiffableSection<Int, DiffEntry>],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let dataSource = SnapshotDataSource(old)
    let table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: 1_000_000))
    table.register(EntryCell.self, forCellReuseIdentifier: "entry")
    table.dataSource = dataSource
    table.reloadData()
    dataSource.snapshot = new
    dataSource.cellRequests = 0
    try table.apply(changeset)
    var shown: [[DiffEntry]] = []
    for section in 0..<table.numberOfSections {
      shown.append(
        (0..<table.numberOfRows(inSection: section)).compactMap {
          (table.cellForRow(at: IndexPath(row: $0, section: section)) as? EntryCell)?.entry
        })
    }
    #expect(
      shown == new.map(\.items), "old: \(old.map(\.items)) changeset: \(changeset)", sourceLocation: sourceLocation)
    let fresh =
      changeset.rowInserts.count + changeset.rowReloads.count
      + changeset.sectionInserts.reduce(0) { $0 + new[$1].items.count }
    #expect(dataSource.cellRequests == fresh, sourceLocation: sourceLocation)
  }
}
