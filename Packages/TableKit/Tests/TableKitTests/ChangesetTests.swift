import Foundation
import TableKit
import Testing

/// An item of a diffed snapshot: identity and content apart.
struct Entry: Identifiable, Equatable, CustomStringConvertible {
  var id: Int
  var content: Int

  var description: String { "\(id):\(content)" }
}

/// A cell that remembers what it was bound to.
final class EntryCell: TableViewCell {
  var entry: Entry?
}

/// A data source over a snapshot of sections, counting the cells it is asked for.
@MainActor
final class SnapshotDataSource: TableViewDataSource {
  var snapshot: [DiffableSection<Int, Entry>]
  var cellRequests = 0

  init(_ snapshot: [DiffableSection<Int, Entry>]) {
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

/// SplitMix64, so that every run explores the same cases and a failure names a seed that reproduces it.
struct TestRandom: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@MainActor
@Suite struct ChangesetTests {
  @Test func identicalSnapshotsHaveNoChanges() {
    let items = (0..<10).map { Entry(id: $0, content: $0) }
    #expect(Changeset.difference(from: items, to: items).isEmpty)
  }

  /// The shortcut for a snapshot shown again (every section's items in the same storage) answers what the
  /// full diff answers for a copy of it: nothing, except that a repeated section identifier is another
  /// section, deleted and inserted.
  @Test func aSnapshotShownAgainHasTheChangesOfACopyOfIt() {
    var random = TestRandom(state: 13)
    for round in 0..<200 {
      var snapshot = randomSnapshot(maximumRows: 30, using: &random)
      if round.isMultiple(of: 4), let first = snapshot.first { snapshot.append(first) }
      // Appending one item and dropping it again gives each section storage of its own.
      let copy = snapshot.map { section in
        var items = section.items
        items.append(Entry(id: -1, content: 0))
        items.removeLast()
        return DiffableSection(id: section.id, items: items)
      }
      let shownAgain = Changeset.difference(from: snapshot, to: snapshot)
      #expect(shownAgain == Changeset.difference(from: snapshot, to: copy))
      #expect(shownAgain.isEmpty == (Set(snapshot.map(\.id)).count == snapshot.count))
    }
  }

  @Test func aSimpleEditIsDescribedInBatchCoordinates() {
    let old = [1, 2, 3, 4, 5].map { Entry(id: $0, content: 0) }
    var new = [5, 1, 3, 6, 4].map { Entry(id: $0, content: 0) }
    new[1].content = 9  // 1 changed and stays
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowDeletes == [.row(1)])  // 2, as before
    #expect(changeset.rowInserts == [.row(3)])  // 6, as after
    #expect(changeset.rowMoves == [.init(from: .row(4), to: .row(0))])  // 5 moved to the front
    #expect(changeset.rowReloads == [.row(0)])  // 1, as before
  }

  @Test func itemsMoveAcrossSectionsAndSectionsMoveAsWholes() {
    let old = [
      DiffableSection(id: 1, items: [Entry(id: 10, content: 0), Entry(id: 11, content: 0)]),
      DiffableSection(id: 2, items: [Entry(id: 20, content: 0)]),
    ]
    let new = [
      DiffableSection(id: 2, items: [Entry(id: 20, content: 0), Entry(id: 11, content: 0)]),
      DiffableSection(id: 1, items: [Entry(id: 10, content: 0)]),
    ]
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.sectionMoves.count == 1)
    #expect(changeset.rowMoves == [.init(from: .row(1, 0), to: .row(1, 0))])
    #expect(changeset.rowDeletes.isEmpty && changeset.rowInserts.isEmpty)
  }

  @Test func duplicateIdentifiersNeverCrashAndLaterCopiesCountAsOtherItems() throws {
    let old = [Entry(id: 1, content: 0), Entry(id: 1, content: 1), Entry(id: 2, content: 0)]
    let new = [Entry(id: 2, content: 0), Entry(id: 1, content: 0), Entry(id: 1, content: 5), Entry(id: 1, content: 6)]
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowDeletes == [.row(1)])
    #expect(changeset.rowInserts == [.row(2), .row(3)])
    try checkApplying(changeset, from: [DiffableSection(id: 0, items: old)], to: [DiffableSection(id: 0, items: new)])
  }

  @Test func applyingTheChangesetToTheOldTableYieldsTheNewOneForManyRandomSnapshots() throws {
    var random = TestRandom(state: 2026)
    for round in 0..<600 {
      let old = randomSnapshot(maximumRows: round < 400 ? 8 : 60, using: &random)
      let new = mutate(old, using: &random)
      let changeset = Changeset.difference(from: old, to: new)
      try checkApplying(changeset, from: old, to: new)
    }
  }

  @Test func theLongestIncreasingRunIsFoundSoMovesAreFew() {
    let old = (0..<100).map { Entry(id: $0, content: 0) }
    var new = old
    new.append(new.remove(at: 0))  // one item to the end
    #expect(Changeset.difference(from: old, to: new).rowMoves.count == 1)
    #expect(Changeset.difference(from: old, to: old.reversed()).rowMoves.count == 99)
  }

  /// Applies `changeset` to a table showing `old` whose data source now answers `new`, and checks that every
  /// row shows the new item: kept cells moved to the right rows, changed and new rows got fresh cells, and
  /// no other cell was requested.
  private func checkApplying(
    _ changeset: Changeset,
    from old: [DiffableSection<Int, Entry>],
    to new: [DiffableSection<Int, Entry>],
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
    var shown: [[Entry]] = []
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

  private func randomSnapshot(
    maximumRows: Int, using random: inout TestRandom
  ) -> [DiffableSection<Int, Entry>] {
    var nextID = 0
    return (0..<Int.random(in: 0...4, using: &random)).map { section in
      DiffableSection(
        id: section,
        items: (0..<Int.random(in: 0...maximumRows, using: &random)).map { _ in
          nextID += 1
          return Entry(id: Int.random(in: 0..<100, using: &random) < 5 ? 0 : nextID, content: 0)
        })
    }
  }

  /// Deletes, inserts, moves and changes items; deletes, inserts and shuffles sections.
  private func mutate(
    _ snapshot: [DiffableSection<Int, Entry>], using random: inout TestRandom
  ) -> [DiffableSection<Int, Entry>] {
    var sections = snapshot.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
    if Int.random(in: 0..<3, using: &random) == 0 { sections.shuffle(using: &random) }
    if Int.random(in: 0..<4, using: &random) == 0 {
      sections.insert(
        DiffableSection(id: 100 + sections.count, items: []), at: Int.random(in: 0...sections.count, using: &random))
    }
    var pool = sections.flatMap(\.items).shuffled(using: &random)
    for index in sections.indices {
      sections[index].items = sections[index].items.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
      for item in sections[index].items.indices where Int.random(in: 0..<6, using: &random) == 0 {
        sections[index].items[item].content += 1
      }
      if Int.random(in: 0..<4, using: &random) == 0 { sections[index].items.shuffle(using: &random) }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let item =
          Int.random(in: 0..<3, using: &random) == 0 && !pool.isEmpty
          ? pool.removeLast() : Entry(id: 1000 + Int.random(in: 0..<1000, using: &random), content: 0)
        sections[index].items.insert(item, at: Int.random(in: 0...sections[index].items.count, using: &random))
      }
    }
    return sections
  }
}
