import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct BatchUpdateTests {
  func makeView(_ counts: [Int] = [3, 2]) -> (CollectionView, CountsDataSource, SpyDelegate) {
    let (view, _, dataSource) = makeFlow(counts: counts)
    let spy = keep(SpyDelegate())
    view.delegate = spy
    _ = view.visibleCells
    spy.clear()
    return (view, dataSource, spy)
  }

  func texts(_ view: CollectionView) -> [String] {
    view.visibleCells.map { ($0 as? LabelCell)?.text ?? "?" }
  }

  @Test func anInsertNobodyMadeThrowsUIKitsItemsMessageAndLeavesTheViewAsItWas() {
    let (view, dataSource, spy) = makeView()
    view.selectItem(at: at(1), animated: false, scrollPosition: [])
    let cells = view.visibleCells
    let frames = cells.map(\.frame)
    dataSource.counts = [4, 2]
    var outcome: Bool?
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "Invalid update: invalid number of items in section 0. The number of items contained in an existing section "
          + "after the update (4) must be equal to the number of items contained in that section before the update "
          + "(3), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and "
          + "plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
    ) {
      try view.performBatchUpdates({}, completion: { outcome = $0 })
    }
    #expect(outcome == false)
    #expect(view.numberOfItems(inSection: 0) == 3)
    #expect(view.visibleCells.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
    #expect(view.visibleCells.map(\.frame) == frames)
    #expect(view.indexPathsForSelectedItems == [at(1)])
    #expect(spy.calls == [])
  }

  @Test func aWrongSectionCountThrowsUIKitsCollectionViewMessage() {
    let (view, dataSource, _) = makeView()
    dataSource.counts = [3, 2, 1]
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "Invalid update: invalid number of sections. The number of sections contained in the collection view after "
          + "the update (3) must be equal to the number of sections contained in the collection view before the "
          + "update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
    ) {
      try view.performBatchUpdates {}
    }
    #expect(view.numberOfSections == 2)
  }

  @Test func deletingAnItemBeyondTheSectionThrowsUIKitsItemsMessage() {
    let (view, dataSource, _) = makeView()
    dataSource.counts = [2, 2]
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "Invalid update: attempt to delete item 5 from section 0 which only contains 3 items before the update")
    ) {
      try view.performBatchUpdates { view.deleteItems(at: [at(5)]) }
    }
  }

  @Test func anInvalidUpdateOutsideABatchIsKeptAndChangesNothing() {
    let (view, dataSource, _) = makeView()
    dataSource.counts = [5, 2]
    view.insertItems(at: [at(3)])
    #expect(
      view.lastInvalidUpdate?.description.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
    #expect(view.numberOfItems(inSection: 0) == 3)
  }

  @Test func anInsertOutsideABatchIsAnUpdateOfItsOwnThatDisplaysTheNewCell() {
    let (view, dataSource, spy) = makeView()
    dataSource.counts = [4, 2]
    view.insertItems(at: [at(0)])
    #expect(view.lastInvalidUpdate == nil)
    #expect(view.numberOfItems(inSection: 0) == 4)
    #expect(spy.calls == ["willDisplay 0.0"])
    #expect(dataSource.cellRequests.last == at(0))
    #expect((view.cellForItem(at: at(1)) as? LabelCell)?.text == "0.0")
  }

  @Test func aDeleteEndsTheDeletedCellsDisplayAndDropsItsSelection() throws {
    let (view, dataSource, spy) = makeView()
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    view.selectItem(at: at(2), animated: false, scrollPosition: [])
    let third = view.cellForItem(at: at(2))
    dataSource.counts = [2, 2]
    var outcome: Bool?
    try view.performBatchUpdates({ view.deleteItems(at: [at(0)]) }, completion: { outcome = $0 })
    #expect(outcome == true)
    #expect(spy.calls.contains("didEndDisplaying 0.0"))
    #expect(view.indexPathsForSelectedItems == [at(1)])
    #expect(view.cellForItem(at: at(1)) === third)
    #expect(view.cellForItem(at: at(1))?.isSelected == true)
  }

  @Test func theSelectionFollowsAMovedItem() throws {
    let (view, dataSource, _) = makeView()
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    let cell = view.cellForItem(at: at(0))
    dataSource.counts = [2, 3]
    try view.performBatchUpdates { view.moveItem(at: at(0), to: at(1, 1)) }
    #expect(view.indexPathsForSelectedItems == [at(1, 1)])
    #expect(view.cellForItem(at: at(1, 1)) === cell)
    #expect(view.numberOfItems(inSection: 0) == 2)
  }

  @Test func reconfigureKeepsTheCellObjectAndConfiguresItAgain() throws {
    let (view, dataSource, spy) = makeView()
    let cell = try #require(view.cellForItem(at: at(1)) as? LabelCell)
    let prepared = cell.timesPrepared
    view.selectItem(at: at(1), animated: false, scrollPosition: [])
    cell.text = "stale"
    try view.performBatchUpdates { view.reconfigureItems(at: [at(1)]) }
    #expect(view.cellForItem(at: at(1)) === cell)
    #expect(cell.text == "0.1")
    #expect(cell.timesPrepared == prepared)
    #expect(cell.isSelected)
    #expect(dataSource.cellRequests.last == at(1))
    #expect(spy.calls.filter { $0.contains("isplay") } == [])
  }

  @Test func reloadReplacesTheCellWithANewDequeue() throws {
    let (view, dataSource, spy) = makeView()
    let cell = try #require(view.cellForItem(at: at(1)))
    view.reloadItems(at: [at(1)])
    #expect(view.lastInvalidUpdate == nil)
    #expect(view.cellForItem(at: at(1)) !== cell)
    #expect(dataSource.cellRequests.last == at(1))
    #expect(spy.calls == ["willDisplay 0.1", "didEndDisplaying 0.1"])
  }

  @Test func sectionInsertsDeletesAndMovesAddUp() throws {
    let (view, dataSource, _) = makeView()
    dataSource.counts = [2, 3, 4]
    try view.performBatchUpdates {
      view.moveSection(1, toSection: 0)
      view.insertSections([2])
    }
    #expect(view.numberOfSections == 3)
    dataSource.counts = [2, 4]
    view.deleteSections([1])
    view.reloadSections([0])
    #expect(view.lastInvalidUpdate == nil)
    #expect(view.numberOfSections == 2)
    #expect(texts(view).count == 6)
  }

  @Test func aNestedBatchJoinsTheOuterOneAndLearnsItsOutcome() {
    let (view, dataSource, _) = makeView()
    dataSource.counts = [5, 2]
    var outcomes: [Bool] = []
    #expect(throws: CollectionViewError.self) {
      try view.performBatchUpdates {
        view.insertItems(at: [at(0)])
        try? view.performBatchUpdates({ view.insertItems(at: [at(0, 1)]) }, completion: { outcomes.append($0) })
      }
    }
    #expect(outcomes == [false])
  }
}
