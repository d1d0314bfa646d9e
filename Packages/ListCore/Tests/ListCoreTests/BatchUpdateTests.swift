import Foundation
import ListCore
import Testing

/// A batch update's checks and plan without any view: UIKit's rules, in a table's words and a collection
/// view's.
@Suite struct BatchUpdateTests {
  /// The message of the failure `batch` meets from `before` to `after`, or nil when it resolves.
  private func failure(
    of batch: BatchUpdate, before: [Int], after: [Int], wording: BatchUpdate.Wording
  ) -> String? {
    do {
      _ = try batch.resolve(before: before, after: after, wording: wording)
      return nil
    } catch {
      #expect(error.description == error.message)
      return error.message
    }
  }

  @Test func aConsistentBatchPlansWhereEveryItemGoes() throws {
    var batch = BatchUpdate()
    batch.itemDeletes = [.item(0)]
    batch.itemInserts = [.item(0, 1)]
    batch.itemMoves = [(from: .item(2), to: .item(0))]
    batch.itemReloads = [.item(3)]
    let plan = try batch.resolve(before: [4, 1], after: [3, 2], wording: .collection)
    #expect(plan.newIndexPath(for: .item(0)) == nil)
    #expect(plan.newIndexPath(for: .item(1)) == .item(1))
    #expect(plan.newIndexPath(for: .item(2)) == .item(0))
    #expect(plan.newIndexPath(for: .item(3)) == .item(2))
    #expect(plan.newIndexPath(for: .item(0, 1)) == .item(1, 1))
    #expect(plan.isReloaded(.item(3)) && !plan.isReloaded(.item(1)))
    #expect(plan.newIndexPath(for: .item(9)) == nil)
  }

  @Test func aWrongCountIsRefusedInATablesWords() {
    var batch = BatchUpdate()
    batch.itemInserts = [.row(0)]
    #expect(
      failure(of: batch, before: [2], after: [2], wording: .table)
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
        + "after the update (2) must be equal to the number of rows contained in that section before the update (2), "
        + "plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus "
        + "or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
  }

  @Test func aWrongCountIsRefusedInACollectionViewsWords() {
    var batch = BatchUpdate()
    batch.itemDeletes = [.item(1, 1)]
    batch.itemMoves = [(from: .item(0, 1), to: .item(0, 0))]
    #expect(
      failure(of: batch, before: [1, 3], after: [2, 2], wording: .collection)
        == "Invalid update: invalid number of items in section 1. The number of items contained in an existing "
        + "section after the update (2) must be equal to the number of items contained in that section before the "
        + "update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 "
        + "deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved "
        + "out).")
  }

  @Test(arguments: [
    (
      BatchUpdate.Wording.table,
      "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
        + "update (3) must be equal to the number of sections contained in the table view before the update (1), "
        + "plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted)."
    ),
    (
      .collection,
      "Invalid update: invalid number of sections. The number of sections contained in the collection view after "
        + "the update (3) must be equal to the number of sections contained in the collection view before the update "
        + "(1), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted)."
    ),
  ])
  func aWrongSectionCountNamesTheView(wording: BatchUpdate.Wording, message: String) {
    var batch = BatchUpdate()
    batch.sectionInserts = [1]
    #expect(failure(of: batch, before: [0], after: [0, 0, 0], wording: wording) == message)
  }

  /// A batch of item changes.
  private static func batch(
    deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = [],
    moves: [(from: IndexPath, to: IndexPath)] = []
  ) -> BatchUpdate {
    var batch = BatchUpdate()
    batch.itemDeletes = deletes
    batch.itemInserts = inserts
    batch.itemReloads = reloads
    batch.itemMoves = moves
    return batch
  }

  /// Each change naming an item that does not exist, or one changed twice, in a collection view's words.
  @Test(arguments: [
    (
      batch(deletes: [.item(5)]), [3], [3],
      "Invalid update: attempt to delete item 5 from section 0 which only contains 3 items before the update"
    ),
    (
      batch(inserts: [.item(7)]), [3], [4],
      "Invalid update: attempt to insert item 7 into section 0, but there are only 4 items in section 0 after the "
        + "update"
    ),
    (
      batch(deletes: [.item(0)], reloads: [.item(0)]), [3], [2],
      "Invalid update: attempt to reload item 0 in section 0, which is also deleted or moved"
    ),
    (
      batch(inserts: [.item(0)], moves: [(from: .item(1), to: .item(0))]), [2], [3],
      "Invalid update: attempt to move an item to 0 in section 0, where another item is inserted or moved"
    ),
  ])
  func itemsThatDoNotExistOrChangeTwiceAreNamedAsItems(
    batch: BatchUpdate, before: [Int], after: [Int], message: String
  ) {
    #expect(failure(of: batch, before: before, after: after, wording: .collection) == message)
  }

  @Test(arguments: [
    (BatchUpdate.Wording.table, "Invalid update: [0] is not a table index path (a section and a row)"),
    (.collection, "Invalid update: [0] is not a collection view index path (a section and an item)"),
  ])
  func anIndexPathOfOneIndexIsRefused(wording: BatchUpdate.Wording, message: String) {
    var batch = BatchUpdate()
    batch.itemReconfigures = [IndexPath(index: 0)]
    #expect(failure(of: batch, before: [1], after: [1], wording: wording) == message)
  }

  @Test func aReloadedSectionIsNotCounted() throws {
    var batch = BatchUpdate()
    batch.sectionReloads = [0]
    let plan = try batch.resolve(before: [2], after: [5], wording: .table)
    #expect(plan.isReloaded(.row(1)))
  }
}
