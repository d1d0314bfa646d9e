import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// A data source of titles whose items move when the user moves them, recording the calls it gets.
@MainActor
final class MovableTitles: CollectionViewDataSource {
  var sections: [[String]]
  var canMove: (IndexPath) -> Bool = { _ in true }
  /// Whether a move changes the data; false makes a data source that forgets to.
  var movesData = true
  private(set) var calls: [String] = []

  init(_ sections: [[String]]) { self.sections = sections }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = sections[indexPath[0]][indexPath[1]]
    return cell
  }
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    canMove(indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    calls.append(
      "move \(sourceIndexPath[0]).\(sourceIndexPath[1]) to \(destinationIndexPath[0]).\(destinationIndexPath[1])")
    // The view has not moved the cell yet.
    let moving = sections[sourceIndexPath[0]][sourceIndexPath[1]]
    let shownThere = (collectionView.cellForItem(at: destinationIndexPath) as? LabelCell)?.text
    calls.append("cell moved already: \(shownThere == moving)")
    guard movesData else { return }
    let title = sections[sourceIndexPath[0]].remove(at: sourceIndexPath[1])
    sections[destinationIndexPath[0]].insert(title, at: destinationIndexPath[1])
  }
}

/// A data source that moves its data when told to but, as many UIKit data sources do, never says which items can
/// move: it has `moveItemAt:to:` and no `canMoveItemAt`.
@MainActor
final class TitlesMovingWithoutSaying: CollectionViewDataSource {
  var titles: [String]
  private(set) var moves: [String] = []

  init(_ titles: [String]) { self.titles = titles }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = titles[indexPath[1]]
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    moves.append("\(sourceIndexPath[1]) to \(destinationIndexPath[1])")
    titles.insert(titles.remove(at: sourceIndexPath[1]), at: destinationIndexPath[1])
  }
}

/// A delegate that redirects moves and records what it was asked.
@MainActor
final class RedirectingDelegate: CollectionViewDelegate {
  var redirect: (IndexPath) -> IndexPath = { $0 }
  private(set) var asked: [String] = []
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    asked.append("\(originalIndexPath[1]) at \(currentIndexPath[1]) to \(proposedIndexPath[1])")
    return redirect(proposedIndexPath)
  }
}

@MainActor
@Suite struct InteractiveMovementTests {
  // The flow layout's defaults in 320 points: 50 × 50 items, five a line ((320 + 10) / (50 + 10) = 5.5), lines
  // 60 points apart. Item i of section 0 has its centre at x = 25 + 60 × (i % 5), y = 25 + 60 × (i / 5).
  func makeView(_ sections: [[String]]) -> (CollectionView, MovableTitles) {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    let dataSource = keep(MovableTitles(sections))
    view.dataSource = dataSource
    return (view, dataSource)
  }

  func texts(_ view: CollectionView, section: Int = 0) -> [String] {
    (0..<view.numberOfItems(inSection: section)).map {
      (view.cellForItem(at: at($0, section)) as? LabelCell)?.text ?? "?"
    }
  }

  @Test func endingAMovementMovesTheDataThenTheCellWhichKeepsItsIdentity() throws {
    let (view, dataSource) = makeView([["a", "b", "c", "d"]])
    let cellA = try #require(view.cellForItem(at: at(0)))
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    #expect(view.beginInteractiveMovementForItem(at: at(0)))
    // Over item 2 (centre 145, 25).
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 145, y: 25))
    #expect(dataSource.calls.isEmpty)
    view.endInteractiveMovement()
    #expect(dataSource.calls == ["move 0.0 to 0.2", "cell moved already: false"])
    #expect(texts(view) == ["b", "c", "a", "d"])
    #expect(view.cellForItem(at: at(2)) === cellA)
    #expect(view.indexPathsForSelectedItems == [at(2)])
    #expect(view.lastInvalidUpdate == nil)
  }

  @Test func anItemTheDataSourceCannotMoveDoesNotBeginMoving() {
    let (view, dataSource) = makeView([["a", "b"]])
    dataSource.canMove = { $0 != at(1) }
    #expect(!view.beginInteractiveMovementForItem(at: at(1)))
    #expect(!view.beginInteractiveMovementForItem(at: at(7)))
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 25, y: 25))
    view.endInteractiveMovement()
    #expect(dataSource.calls.isEmpty)
    #expect(texts(view) == ["a", "b"])
  }

  @Test func aDataSourceWithMoveItemAtButNoCanMoveItemAtLetsNoItemMove() {
    // UIKit lets such an item move; a Swift default cannot see that moveItemAt is implemented (Behaviour choices).
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    let dataSource = keep(TitlesMovingWithoutSaying(["a", "b", "c"]))
    view.dataSource = dataSource
    #expect(!dataSource.collectionView(view, canMoveItemAt: at(0)))
    #expect(!view.beginInteractiveMovementForItem(at: at(0)))
    #expect(throws: CollectionViewError.cannotMoveItem(item: 0, section: 0)) {
      try view.dragItem(at: at(0), to: at(2))
    }
    #expect(dataSource.moves.isEmpty)
    #expect(dataSource.titles == ["a", "b", "c"])
    #expect(texts(view) == ["a", "b", "c"])
  }

  @Test func cancellingOrEndingWhereItBeganMovesNothing() {
    let (view, dataSource) = makeView([["a", "b", "c"]])
    #expect(view.beginInteractiveMovementForItem(at: at(0)))
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 85, y: 25))
    view.cancelInteractiveMovement()
    view.endInteractiveMovement()
    #expect(view.beginInteractiveMovementForItem(at: at(0)))
    // Over no item (the gap between items 0 and 1 is x 50…60), then back over itself.
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 55, y: 25))
    view.endInteractiveMovement()
    #expect(dataSource.calls.isEmpty)
    #expect(texts(view) == ["a", "b", "c"])
  }

  @Test func theDelegateRedirectsTheTarget() {
    let (view, dataSource) = makeView([["a", "b", "c", "d"]])
    let delegate = keep(RedirectingDelegate())
    delegate.redirect = { _ in at(1) }
    view.delegate = delegate
    #expect(view.beginInteractiveMovementForItem(at: at(3)))
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 25, y: 25))
    view.endInteractiveMovement()
    #expect(delegate.asked == ["3 at 3 to 0"])
    #expect(dataSource.calls.first == "move 0.3 to 0.1")
    #expect(texts(view) == ["a", "d", "b", "c"])
  }

  @Test func aDataSourceThatDoesNotMoveItsDataLeavesTheViewAsItWasAndTheErrorKept() {
    // Moving across sections changes the counts: a data source that moves nothing makes the batch inconsistent.
    let (view, dataSource) = makeView([["a", "b"], ["c"]])
    dataSource.movesData = false
    #expect(view.beginInteractiveMovementForItem(at: at(0)))
    // Section 0 is one line 50 high, so section 1's first item spans y 50…100: its centre is (25, 75).
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 25, y: 75))
    view.endInteractiveMovement()
    #expect(dataSource.calls.first == "move 0.0 to 1.0")
    #expect(
      view.lastInvalidUpdate?.description.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
    #expect(texts(view, section: 0) == ["a", "b"])
    #expect(texts(view, section: 1) == ["c"])
  }
}

extension InteractiveMovementTests {
  @Test func aMovementWhoseItemWentAwayEndsWithoutMoving() {
    let (view, dataSource) = makeView([["a", "b", "c"]])
    #expect(view.beginInteractiveMovementForItem(at: at(2)))
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 25, y: 25))
    dataSource.sections = [["a"]]
    view.reloadData()
    view.endInteractiveMovement()
    #expect(dataSource.calls.isEmpty)
    #expect(texts(view) == ["a"])
    #expect(view.lastInvalidUpdate == nil)
  }
}
