import Foundation
import ListCore
import ListCoreTesting
import Testing

/// Items marked for reload, added to the diff of two snapshots as a batch update can take them.
@Suite struct ChangesetReloadsTests {
  private func changes(
    from old: TextSnapshot, to new: TextSnapshot, reloading items: Set<String>
  ) -> Changeset {
    var changeset = Changeset.difference(from: old.diffableSections(), to: new.diffableSections())
    changeset.addReloads(of: items, from: old, to: new)
    return changeset
  }

  @Test func anItemThatStaysIsReloadedWhereItWas() {
    let old = TextSnapshot.of(["A": ["a1", "a2", "a3"]])
    let new = TextSnapshot.of(["A": ["a0", "a1", "a2", "a3"]])
    let changeset = changes(from: old, to: new, reloading: ["a2"])
    #expect(changeset.rowReloads == [.row(1)])
    #expect(changeset.rowInserts == [.row(0)])
  }

  @Test func anItemThatMovesIsDeletedAndInsertedInstead() {
    let old = TextSnapshot.of(["A": ["a1", "a2", "a3"]])
    let new = TextSnapshot.of(["A": ["a3", "a1", "a2"]])
    #expect(changes(from: old, to: new, reloading: []).rowMoves.count == 1)
    let changeset = changes(from: old, to: new, reloading: ["a3"])
    #expect(changeset.rowMoves.isEmpty)
    #expect(changeset.rowDeletes == [.row(2)])
    #expect(changeset.rowInserts == [.row(0)])
    #expect(changeset.rowReloads.isEmpty)
  }

  /// An item deleted gets no cell; one whose section is deleted is inserted elsewhere, so it gets a new cell.
  @Test func itemsDeletedOrInADeletedSectionAreLeftAlone() {
    let old = TextSnapshot.of(["A": ["a1"], "B": ["b1", "b2"]])
    let new = TextSnapshot.of(["B": ["b2", "a1"]])
    let plain = changes(from: old, to: new, reloading: [])
    #expect(changes(from: old, to: new, reloading: ["a1", "b1", "z"]) == plain)
  }
}
