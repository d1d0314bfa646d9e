import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// A poster: kept across updates by its identifier.
struct Poster: Identifiable, Hashable {
  var id: Int
  var title: String
}

@MainActor
@Suite struct ChangesetApplyTests {
  @Test func aDiffAppliedAsAChangesetKeepsTheCellsAndTheSelectionOfKeptItems() throws {
    let old = (0..<10).map { Poster(id: $0, title: "Poster \($0)") }
    var new = old
    new.remove(at: 2)
    new.insert(Poster(id: 99, title: "New"), at: 0)
    let (view, _, dataSource) = makeFlow(counts: [old.count])
    view.selectItem(at: at(5), animated: false, scrollPosition: [])
    let cellOfFive = try #require(view.cellForItem(at: at(5)))
    let changes = Changeset.difference(
      from: [DiffableSection(id: 0, items: old)], to: [DiffableSection(id: 0, items: new)])
    dataSource.counts = [new.count]
    try view.apply(changes)
    // Item 5 lost one item before it (2) and gained one (99): it is still item 5, in the same cell.
    #expect(view.cellForItem(at: at(5)) === cellOfFive)
    #expect(view.indexPathsForSelectedItems == [at(5)])
    #expect(view.numberOfItems(inSection: 0) == 10)
  }

  @Test func aChangesetThatDoesNotAddUpThrowsUIKitsMessageAndChangesNothing() {
    let (view, _, dataSource) = makeFlow(counts: [10])
    _ = view.visibleCells
    var changes = Changeset()
    changes.rowInserts = [at(0)]
    dataSource.counts = [12]
    let error = #expect(throws: CollectionViewError.self) { try view.apply(changes) }
    #expect(
      error?.description.hasPrefix(
        "Invalid update: invalid number of items in section 0. The number of items contained in an existing section "
          + "after the update (12) must be equal to the number of items contained in that section before the update "
          + "(10), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)")
        == true)
    #expect(view.numberOfItems(inSection: 0) == 10)
    #expect(view.visibleCells.count == 10)
  }
}
