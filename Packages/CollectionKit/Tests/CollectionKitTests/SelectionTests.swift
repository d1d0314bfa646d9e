import CollectionKit
import Foundation
import Testing

/// A cell that restyles itself by overriding `updateConfiguration(using:)`, as UIKit cells do, logging each update
/// and whether its handler ran after it.
final class SelectableCell: CollectionViewCell {
  private(set) var updates: [String] = []

  override func updateConfiguration(using state: CellConfigurationState) {
    super.updateConfiguration(using: state)
    contentConfiguration = ListContentConfiguration(text: "item", secondaryText: state.isSelected ? "selected" : nil)
    updates.append("override selected: \(state.isSelected), highlighted: \(state.isHighlighted)")
  }

  func recordHandlerRuns() {
    configurationUpdateHandler = { cell, _ in (cell as? SelectableCell)?.updates.append("handler") }
  }
}

@MainActor
@Suite struct SelectionTests {
  func makeView() -> (CollectionView, SpyDelegate) {
    let (view, _, _) = makeFlow(counts: [3, 2])
    let spy = keep(SpyDelegate())
    view.delegate = spy
    _ = view.visibleCells
    spy.clear()
    return (view, spy)
  }

  @Test func aTapHighlightsUnhighlightsThenMovesTheSelectionInUIKitsOrder() {
    let (view, spy) = makeView()
    view.handleTap(at: at(0))
    spy.clear()
    view.handleTap(at: at(1, 1))
    #expect(
      spy.calls == [
        "shouldHighlight 1.1", "didHighlight 1.1", "didUnhighlight 1.1", "shouldSelect 1.1", "shouldDeselect 0.0",
        "didDeselect 0.0", "didSelect 1.1",
      ])
    #expect(spy.highlightedCellsSeen == [true, true])
    #expect(view.indexPathsForSelectedItems == [at(1, 1)])
    #expect(view.cellForItem(at: at(0))?.isSelected == false)
    #expect(view.cellForItem(at: at(1, 1))?.isSelected == true)
    #expect(view.cellForItem(at: at(1, 1))?.isHighlighted == false)
  }

  @Test func shouldHighlightFalseSkipsTheWholeTap() {
    let (view, spy) = makeView()
    spy.shouldHighlight = { _ in false }
    view.handleTap(at: at(0))
    #expect(spy.calls == ["shouldHighlight 0.0"])
    #expect(view.indexPathsForSelectedItems == [])
  }

  @Test func shouldSelectFalseLeavesTheSelectionAsItWas() {
    let (view, spy) = makeView()
    view.handleTap(at: at(0))
    spy.shouldSelect = { _ in false }
    spy.clear()
    view.handleTap(at: at(1))
    #expect(spy.interactionCalls.suffix(1) == ["shouldSelect 0.1"])
    #expect(view.indexPathsForSelectedItems == [at(0)])
  }

  @Test func shouldDeselectFalseKeepsTheOldItemAndDoesNotSelectTheNewOne() {
    let (view, spy) = makeView()
    view.handleTap(at: at(0))
    spy.shouldDeselect = { _ in false }
    spy.clear()
    view.handleTap(at: at(1))
    #expect(spy.calls.suffix(2) == ["shouldSelect 0.1", "shouldDeselect 0.0"])
    #expect(view.indexPathsForSelectedItems == [at(0)])
  }

  @Test func inMultipleSelectionATapAddsAnItemAndATapOnASelectedItemDeselectsIt() {
    let (view, spy) = makeView()
    view.allowsMultipleSelection = true
    view.handleSelectionTap(at: at(0))
    view.handleSelectionTap(at: at(2))
    #expect(view.indexPathsForSelectedItems == [at(0), at(2)])
    spy.clear()
    view.handleSelectionTap(at: at(0))
    #expect(spy.calls == ["shouldDeselect 0.0", "didDeselect 0.0"])
    #expect(view.indexPathsForSelectedItems == [at(2)])
  }

  @Test func tappingTheSelectedItemInSingleSelectionSelectsItAgain() {
    let (view, spy) = makeView()
    view.handleSelectionTap(at: at(0))
    spy.clear()
    view.handleSelectionTap(at: at(0))
    #expect(spy.calls == ["shouldSelect 0.0", "didSelect 0.0"])
    #expect(view.indexPathsForSelectedItems == [at(0)])
  }

  @Test func whenSelectionIsNotAllowedATapDoesNothingAndAsksNothing() {
    let (view, spy) = makeView()
    view.allowsSelection = false
    view.handleTap(at: at(0))
    view.selectItem(at: at(1), animated: false, scrollPosition: [])
    #expect(spy.calls.isEmpty)
    #expect(view.indexPathsForSelectedItems == [])
  }

  @Test func selectingAndDeselectingFromCodeCallsNoDelegateMethodAndCellsFollow() {
    let (view, spy) = makeView()
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    view.selectItem(at: at(1), animated: false, scrollPosition: [])
    #expect(view.indexPathsForSelectedItems == [at(1)])
    #expect(view.cellForItem(at: at(1))?.isSelected == true)
    #expect(view.cellForItem(at: at(0))?.isSelected == false)
    view.deselectItem(at: at(1), animated: false)
    #expect(view.cellForItem(at: at(1))?.isSelected == false)
    #expect(spy.calls.isEmpty)
  }

  @Test func aCellScrolledBackIntoViewShowsItsItemsSelection() {
    let (view, _, _) = makeFlow(width: 50, height: 50, counts: [3])
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    view.scrollToItem(at: at(2), at: .top, animated: false)
    #expect(view.cellForItem(at: at(2))?.isSelected == false)
    view.scrollToItem(at: at(0), at: .top, animated: false)
    #expect(view.cellForItem(at: at(0))?.isSelected == true)
  }

  @Test func aSelectedCellsConfigurationIsUpdatedBeforeTheTapReturns() throws {
    let (view, _) = makeView()
    let cell = try #require(view.cellForItem(at: at(2)))
    var states: [CellConfigurationState] = []
    cell.configurationUpdateHandler = { _, state in states.append(state) }
    view.handleTap(at: at(2))
    #expect(
      states == [
        CellConfigurationState(), CellConfigurationState(isHighlighted: true), CellConfigurationState(),
        CellConfigurationState(isSelected: true),
      ])
  }

  @Test func aCellsOwnUpdateConfigurationRestylesItBeforeTheTapReturnsAndBeforeTheHandler() throws {
    let (view, _, dataSource) = makeFlow(counts: [3])
    view.register(SelectableCell.self, forCellWithReuseIdentifier: "selectable")
    dataSource.answer = { view, indexPath in
      view.dequeueReusableCell(withReuseIdentifier: "selectable", for: indexPath)
    }
    view.reloadData()
    let cell = try #require(view.cellForItem(at: at(1)) as? SelectableCell)
    // Displaying the cell updated it once.
    #expect(cell.updates == ["override selected: false, highlighted: false"])
    #expect((cell.contentConfiguration as? ListContentConfiguration)?.secondaryText == nil)
    cell.recordHandlerRuns()
    view.handleTap(at: at(1))
    #expect((cell.contentConfiguration as? ListContentConfiguration)?.secondaryText == "selected")
    #expect(
      cell.updates.dropFirst() == [
        "override selected: false, highlighted: false", "handler",
        "override selected: false, highlighted: true", "handler",
        "override selected: false, highlighted: false", "handler",
        "override selected: true, highlighted: false", "handler",
      ])
    view.handleTap(at: at(0))
    #expect((cell.contentConfiguration as? ListContentConfiguration)?.secondaryText == nil)
  }
}
