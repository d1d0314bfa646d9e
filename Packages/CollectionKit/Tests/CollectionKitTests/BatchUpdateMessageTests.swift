import CollectionKit
import Foundation
import Testing

/// Every check of a batch update, in a collection view's words (items, "the collection view"), against a view of
/// sections of 3 and 2 items.
@MainActor
@Suite struct BatchUpdateMessageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var counts: [Int]
    var updates: @MainActor @Sendable (CollectionView) -> Void
    var message: String
    var testDescription: String { message }
  }

  nonisolated static let cases: [Case] = [
    Case(
      counts: [3, 2], updates: { $0.deleteItems(at: [at(0, 2)]) },
      message: "Invalid update: attempt to delete item 0 from section 2, but there are only 2 sections before the "
        + "update"),
    Case(
      counts: [4, 2], updates: { $0.insertItems(at: [at(7)]) },
      message: "Invalid update: attempt to insert item 7 into section 0, but there are only 4 items in section 0 "
        + "after the update"),
    Case(
      counts: [3, 2], updates: { $0.reloadItems(at: [at(3)]) },
      message: "Invalid update: attempt to reload item 3 from section 0 which only contains 3 items before the "
        + "update"),
    Case(
      counts: [3, 2], updates: { $0.reconfigureItems(at: [at(9, 1)]) },
      message: "Invalid update: attempt to reconfigure item 9 from section 1 which only contains 2 items before "
        + "the update"),
    Case(
      counts: [2, 2],
      updates: {
        $0.deleteItems(at: [at(1)])
        $0.reloadItems(at: [at(1)])
      },
      message: "Invalid update: attempt to reload item 1 in section 0, which is also deleted or moved"),
    Case(
      counts: [3, 2], updates: { $0.moveItem(at: at(0), to: at(5)) },
      message: "Invalid update: attempt to move item 0 in section 0 to 5 in section 0, which does not exist after "
        + "the update"),
    Case(
      counts: [3, 2], updates: { $0.insertSections([4]) },
      message: "Invalid update: attempt to insert section 4 but there are only 2 sections after the update"),
    Case(
      counts: [3, 2], updates: { $0.moveSection(0, toSection: 1) },
      message: "Invalid update: invalid number of items in section 0. The number of items contained in an existing "
        + "section after the update (3) must be equal to the number of items contained in that section before the "
        + "update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 "
        + "deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved "
        + "out)."),
    Case(
      counts: [3, 2], updates: { $0.deleteItems(at: [IndexPath(index: 0)]) },
      message: "Invalid update: [0] is not a collection view index path (a section and an item)"),
  ]

  @Test(arguments: cases)
  func anInvalidUpdateThrowsUIKitsMessageInItemsWords(_ testCase: Case) {
    let (view, _, dataSource) = makeFlow(counts: [3, 2])
    _ = view.visibleCells
    dataSource.counts = testCase.counts
    #expect(throws: CollectionViewError.invalidUpdate(testCase.message)) {
      try view.performBatchUpdates { testCase.updates(view) }
    }
    #expect(view.numberOfItems(inSection: 0) == 3)
  }
}
