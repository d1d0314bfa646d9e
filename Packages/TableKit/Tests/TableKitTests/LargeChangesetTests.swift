import Foundation
import TableKit
import TableKitTesting
import Testing

/// An identifier whose hash value is the same for every value, so that every lookup collides.
struct CollidingID: Hashable {
  var value: Int

  func hash(into hasher: inout Hasher) {
    hasher.combine(0)
  }
}

/// An item identified by a ``CollidingID``.
struct CollidingEntry: Identifiable, Equatable {
  var id: CollidingID
  var content: Int
}

/// The diff's shortcuts for large sections (shared storage, unchanged ends, hash-keyed positions) and batch
/// updates that move every row.
@MainActor
@Suite struct LargeChangesetTests {
  @Test func aSectionBuiltAgainWithEqualItemsHasNoChanges() {
    let old = (0..<1_000).map { Entry(id: $0, content: $0) }
    let new = (0..<1_000).map { Entry(id: $0, content: $0) }
    #expect(Changeset.difference(from: old, to: new).isEmpty)
  }

  @Test func oneChangedRowOfALargeSectionIsOneReload() {
    let old = (0..<10_000).map { Entry(id: $0, content: 0) }
    var new = old
    new[4_321].content = 1
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowReloads == [.row(4_321)])
    #expect(changeset.rowMoves.isEmpty && changeset.rowInserts.isEmpty && changeset.rowDeletes.isEmpty)
  }

  @Test func aRowPinnedToTheTopOfALargeSectionIsOneMove() {
    let old = (0..<10_000).map { Entry(id: $0, content: 0) }
    var new = old
    new.insert(new.remove(at: 5_000), at: 0)
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowMoves == [.init(from: .row(5_000), to: .row(0))])
    #expect(changeset.rowInserts.isEmpty && changeset.rowDeletes.isEmpty && changeset.rowReloads.isEmpty)
  }

  @Test func duplicatesThatKeepTheirPlaceAtTheEndsStay() {
    let items = [Entry(id: 1, content: 0), Entry(id: 1, content: 1), Entry(id: 2, content: 0)]
    #expect(Changeset.difference(from: items, to: items.map { $0 }).isEmpty)
  }

  @Test func identifiersWhoseHashValuesCollideAreMatchedAsOthersAre() {
    var random = TestRandom(state: 7)
    for _ in 0..<200 {
      let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Entry(id: Int.random(in: 0..<16, using: &random), content: Int.random(in: 0..<2, using: &random))
      }
      var new = old.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.shuffled(using: &random)
      for index in new.indices where Int.random(in: 0..<5, using: &random) == 0 { new[index].content += 1 }
      new.append(Entry(id: Int.random(in: 0..<16, using: &random), content: 0))
      let colliding = { (entries: [Entry]) in
        entries.map { CollidingEntry(id: CollidingID(value: $0.id), content: $0.content) }
      }
      #expect(
        Changeset.difference(from: colliding(old), to: colliding(new)) == Changeset.difference(from: old, to: new),
        "old: \(old) new: \(new)")
    }
  }

  @Test func reversingALargeTableMovesEveryRowWithItsCellAndSelection() throws {
    let rows = (0..<5_000).map { "Row \($0)" }
    let dataSource = RowsDataSource([rows])
    let (table, _) = makeTable(dataSource)
    try table.selectRow(at: .row(2))
    let old = [DiffableSection(id: 0, items: rows.map { Entry(id: Int($0.dropFirst(4))!, content: 0) })]
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
}
