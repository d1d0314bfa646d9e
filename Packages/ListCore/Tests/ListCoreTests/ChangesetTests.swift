import Foundation
import ListCore
import ListCoreTesting
import Testing

@Suite struct ChangesetTests {
  @Test func identicalSnapshotsHaveNoChanges() {
    let items = (0..<10).map { DiffEntry(id: $0, content: $0) }
    #expect(Changeset.difference(from: items, to: items).isEmpty)
  }

  /// The shortcut for a snapshot shown again (every section's items in the same storage) answers what the
  /// full diff answers for a copy of it: nothing, except that a repeated section identifier is another
  /// section, deleted and inserted.
  @Test func aSnapshotShownAgainHasTheChangesOfACopyOfIt() {
    var random = TestRandom(state: 13)
    for round in 0..<200 {
      var snapshot = RandomSections.make(maximumRows: 30, using: &random)
      if round.isMultiple(of: 4), let first = snapshot.first { snapshot.append(first) }
      // Appending one item and dropping it again gives each section storage of its own.
      let copy = snapshot.map { section in
        var items = section.items
        items.append(DiffEntry(id: -1, content: 0))
        items.removeLast()
        return DiffableSection(id: section.id, items: items)
      }
      let shownAgain = Changeset.difference(from: snapshot, to: snapshot)
      #expect(shownAgain == Changeset.difference(from: snapshot, to: copy))
      #expect(shownAgain.isEmpty == (Set(snapshot.map(\.id)).count == snapshot.count))
    }
  }

  @Test func aSimpleEditIsDescribedInBatchCoordinates() {
    let old = [1, 2, 3, 4, 5].map { DiffEntry(id: $0, content: 0) }
    var new = [5, 1, 3, 6, 4].map { DiffEntry(id: $0, content: 0) }
    new[1].content = 9  // 1 changed and stays
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowDeletes == [.row(1)])  // 2, as before
    #expect(changeset.rowInserts == [.row(3)])  // 6, as after
    #expect(changeset.rowMoves == [.init(from: .row(4), to: .row(0))])  // 5 moved to the front
    #expect(changeset.rowReloads == [.row(0)])  // 1, as before
  }

  @Test func itemsMoveAcrossSectionsAndSectionsMoveAsWholes() {
    let old = [
      DiffableSection(id: 1, items: [DiffEntry(id: 10, content: 0), DiffEntry(id: 11, content: 0)]),
      DiffableSection(id: 2, items: [DiffEntry(id: 20, content: 0)]),
    ]
    let new = [
      DiffableSection(id: 2, items: [DiffEntry(id: 20, content: 0), DiffEntry(id: 11, content: 0)]),
      DiffableSection(id: 1, items: [DiffEntry(id: 10, content: 0)]),
    ]
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.sectionMoves.count == 1)
    #expect(changeset.rowMoves == [.init(from: .row(1, 0), to: .row(1, 0))])
    #expect(changeset.rowDeletes.isEmpty && changeset.rowInserts.isEmpty)
  }

  @Test func theLongestIncreasingRunIsFoundSoMovesAreFew() {
    let old = (0..<100).map { DiffEntry(id: $0, content: 0) }
    var new = old
    new.append(new.remove(at: 0))  // one item to the end
    #expect(Changeset.difference(from: old, to: new).rowMoves.count == 1)
    #expect(Changeset.difference(from: old, to: old.reversed()).rowMoves.count == 99)
  }

  /// The diff's changes, given to a batch update, are accepted by its checks, and its plan puts every kept item
  /// where the new snapshot has it: what a view does with them (TableKit's tests check a table's cells).
  @Test(arguments: 0..<4)
  func theChangesAreAValidBatchUpdateThatTurnsTheOldSnapshotIntoTheNew(seed: UInt64) throws {
    var random = TestRandom(state: 0xC4A2_0000 + seed)
    for round in 0..<150 {
      let old = RandomSections.make(maximumRows: round < 100 ? 8 : 60, using: &random)
      let new = RandomSections.edit(old, using: &random)
      try expectPlanOfTheDifference(from: old, to: new)
    }
  }

  @Test func duplicateIdentifiersNeverCrashAndLaterCopiesCountAsOtherItems() throws {
    let old = [DiffEntry(id: 1, content: 0), DiffEntry(id: 1, content: 1), DiffEntry(id: 2, content: 0)]
    let new = [
      DiffEntry(id: 2, content: 0), DiffEntry(id: 1, content: 0), DiffEntry(id: 1, content: 5),
      DiffEntry(id: 1, content: 6),
    ]
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowDeletes == [.row(1)])
    #expect(changeset.rowInserts == [.row(2), .row(3)])
    try expectPlanOfTheDifference(from: [DiffableSection(id: 0, items: old)], to: [DiffableSection(id: 0, items: new)])
  }

  /// Resolves the difference from `old` to `new` as a batch update from `old`'s counts to `new`'s and checks
  /// where its plan puts each old item: a kept one, unchanged, where `new` has it; the rows left over are exactly
  /// those inserted or reloaded.
  private func expectPlanOfTheDifference(
    from old: [DiffableSection<Int, DiffEntry>], to new: [DiffableSection<Int, DiffEntry>],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let changeset = Changeset.difference(from: old, to: new)
    var batch = BatchUpdate()
    batch.sectionDeletes = Array(changeset.sectionDeletes)
    batch.sectionInserts = Array(changeset.sectionInserts)
    batch.sectionMoves = changeset.sectionMoves.map { ($0.from, $0.to) }
    batch.itemDeletes = changeset.rowDeletes
    batch.itemInserts = changeset.rowInserts
    batch.itemMoves = changeset.rowMoves.map { ($0.from, $0.to) }
    batch.itemReloads = changeset.rowReloads
    let plan = try batch.resolve(before: old.map(\.items.count), after: new.map(\.items.count), wording: .table)
    var placed = new.map { [DiffEntry?](repeating: nil, count: $0.items.count) }
    for (section, contents) in old.enumerated() {
      for (row, entry) in contents.items.enumerated() {
        let path = IndexPath(row: row, section: section)
        guard !plan.isReloaded(path), let destination = plan.newIndexPath(for: path) else { continue }
        #expect(placed[destination.section][destination.row] == nil, "two items at \(destination)")
        placed[destination.section][destination.row] = entry
      }
    }
    var leftOver = 0
    for (section, contents) in new.enumerated() {
      for (row, entry) in contents.items.enumerated() where placed[section][row] == nil {
        placed[section][row] = entry
        leftOver += 1
      }
    }
    let context = Comment(rawValue: "old: \(old.map(\.items)) changeset: \(changeset)")
    #expect(placed.map { $0.compactMap { $0 } } == new.map(\.items), context, sourceLocation: sourceLocation)
    let fresh =
      changeset.rowInserts.count + changeset.rowReloads.count
      + changeset.sectionInserts.reduce(0) { $0 + new[$1].items.count }
    #expect(leftOver == fresh, context, sourceLocation: sourceLocation)
  }
}
