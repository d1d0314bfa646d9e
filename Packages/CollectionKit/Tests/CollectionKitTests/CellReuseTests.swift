import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct CellReuseTests {
  @Test func aMillionItemsGetCellsOnlyForTheItemsInTheBounds() {
    // 480 high: lines at 0, 60, … 420 are visible (8 lines of 5); the line at 480 only touches the bounds.
    let (view, _, _) = makeFlow(counts: [1_000_000])
    #expect(view.visibleCells.count == 40)
    #expect(view.indexPathsForVisibleItems.first == at(0))
    #expect(view.indexPathsForVisibleItems.last == at(39))
    #expect(view.cellForItem(at: at(40)) == nil)
    #expect(view.createdViewCount == 40)
  }

  @Test func cellsScrolledOffAreReusedAfterPrepareForReuse() throws {
    let (view, _, _) = makeFlow(counts: [1_000])
    let first = try #require(view.cellForItem(at: at(0)) as? LabelCell)
    view.contentOffset = CGPoint(x: 0, y: 60)
    // Line 0 left, line 8 (items 40–44) came in, in the cells line 0 gave back.
    #expect(view.cellForItem(at: at(0)) == nil)
    #expect(view.indexPath(for: first) != nil)
    #expect(first.timesPrepared == 1)
    #expect(first.text.hasPrefix("0.4"))
    #expect(view.createdViewCount == 40)
    #expect(view.reusableCellCount == 0)
  }

  @Test func willDisplayAndDidEndDisplayingBracketEachOnScreenLifetime() {
    let (view, _, _) = makeFlow(width: 50, height: 50, counts: [3])
    let spy = keep(SpyDelegate())
    view.delegate = spy
    _ = view.visibleCells
    view.contentOffset = CGPoint(x: 0, y: 60)
    view.contentOffset = CGPoint(x: 0, y: 0)
    #expect(
      spy.calls == [
        "willDisplay 0.0", "didEndDisplaying 0.0", "willDisplay 0.1", "didEndDisplaying 0.1", "willDisplay 0.0",
      ])
  }

  @Test func scrollingToTheLastOfAMillionItemsShowsItAtTheBottom() {
    let (view, _, _) = makeFlow(counts: [1_000_000])
    _ = view.visibleCells
    view.scrollToItem(at: at(999_999), at: .bottom, animated: false)
    // The last line ends at 11,999,990: the bounds start 480 above it.
    #expect(view.contentOffset == CGPoint(x: 0, y: 11_999_510))
    #expect(view.cellForItem(at: at(999_999)) != nil)
    #expect(view.createdViewCount <= 45)
  }

  @Test func scrollingWithNoPositionMovesAsLittleAsShowsTheItemAndStaysInTheContent() {
    let (view, _, _) = makeFlow(counts: [100])
    view.scrollToItem(at: at(60), at: [], animated: false)
    // Item 60 is on line 12, at 720–770: the bounds end there.
    #expect(view.contentOffset.y == 290)
    view.scrollToItem(at: at(0), at: .centeredVertically, animated: false)
    #expect(view.contentOffset.y == 0)
  }

  @Test func reloadDataEndsTheDisplayOfEveryCellAndAsksTheDataSourceAgain() {
    let (view, _, dataSource) = makeFlow(width: 50, height: 50, counts: [3])
    let spy = keep(SpyDelegate())
    view.delegate = spy
    _ = view.visibleCells
    dataSource.counts = [0]
    view.reloadData()
    #expect(spy.calls == ["willDisplay 0.0", "didEndDisplaying 0.0"])
    #expect(view.numberOfItems(inSection: 0) == 0)
    #expect(view.visibleCells.isEmpty)
  }

  @Test func aCellFromAnUnregisteredIdentifierIsNotShownAndTheErrorIsUIKits() {
    let (view, _, dataSource) = makeFlow(counts: [2])
    dataSource.answer = { view, indexPath in view.dequeueReusableCell(withReuseIdentifier: "nope", for: indexPath) }
    #expect(view.visibleCells.isEmpty)
    #expect(
      view.lastDisplayError?.description
        == "could not dequeue a view of kind: CollectionElementKindCell with identifier nope - must register a nib or "
        + "a class for the identifier or connect a prototype cell in a storyboard")
  }

  @Test func aCellTheDataSourceDidNotDequeueIsNotShown() {
    let (view, _, dataSource) = makeFlow(counts: [2])
    dataSource.answer = { view, indexPath in
      indexPath[1] == 1
        ? LabelCell(frame: .zero) : view.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
    }
    #expect(view.indexPathsForVisibleItems == [at(0)])
    #expect(view.lastDisplayError == .cellNotDequeued(item: 1, section: 0))
    #expect(
      view.lastDisplayError?.description
        == "the cell returned from collectionView(_:cellForItemAt:) for item 1 in section 0 does not have a "
        + "reuseIdentifier - cells must be retrieved by calling dequeueReusableCell(withReuseIdentifier:for:)")
  }

  @Test func aCellRegistrationConfiguresEachDequeuedCellForItsItem() throws {
    let (view, _, dataSource) = makeFlow(counts: [3])
    let registration = CollectionView.CellRegistration<LabelCell, String> { cell, indexPath, item in
      cell.text = "\(item) at \(indexPath[1])"
    }
    dataSource.answer = { view, indexPath in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: "Track")
    }
    let cell = try #require(view.cellForItem(at: at(2)) as? LabelCell)
    #expect(cell.text == "Track at 2")
    #expect(view.lastDisplayError == nil)
  }

  @Test func aConfigurationUpdateRunsAtOnceWhenTheCellsStateChanges() throws {
    let (view, _, _) = makeFlow(counts: [3])
    let cell = try #require(view.cellForItem(at: at(1)))
    var states: [CellConfigurationState] = []
    cell.configurationUpdateHandler = { _, state in states.append(state) }
    cell.isSelected = true
    #expect(states == [CellConfigurationState(), CellConfigurationState(isSelected: true)])
  }
}
