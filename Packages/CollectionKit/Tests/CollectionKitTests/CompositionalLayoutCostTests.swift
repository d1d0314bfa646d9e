import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct CompositionalLayoutCostTests {
  /// A 300-wide grid of 100 × 100 items, three a row, of a million items: 333,334 rows, 33,333,400 high.
  func makeGrid() -> (CollectionView, CollectionViewCompositionalLayout) {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
    let (view, layout, _) = makeCompositional(
      width: 300, counts: [1_000_000],
      layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    return (view, layout)
  }

  @Test func aScrollStepOverAMillionItemGridLooksAtTheVisibleRowsOnly() {
    let (view, layout) = makeGrid()
    #expect(view.contentSize == CGSize(width: 300, height: 33_333_400))
    #expect(view.visibleCells.count == 15)
    let before = layout.examinedItemCount
    // y 15,000,000–15,000,480: rows 150,000 to 150,004, items 450,000 to 450,014.
    view.contentOffset = CGPoint(x: 0, y: 15_000_000)
    #expect(view.visibleCells.count == 15)
    #expect(view.indexPathsForVisibleItems.first == at(450_000))
    #expect(view.indexPathsForVisibleItems.last == at(450_014))
    // The query looks at its rows and at most one row more at each end.
    #expect(layout.examinedItemCount - before <= 21)
  }

  @Test func aMillionItemGridPlacesItsLastItemWithoutLookingAtAnyOther() {
    let (view, layout) = makeGrid()
    let before = layout.examinedItemCount
    // Item 999,999 is row 333,333's first: y 33,333,300.
    #expect(view.layoutAttributesForItem(at: at(999_999))?.frame == rect(0, 33_333_300, 100, 100))
    #expect(layout.examinedItemCount - before == 1)
  }

  @Test func anInvalidationOfAMillionItemGridIsOnePreparationThatLooksAtNoHiddenItem() {
    let (view, layout) = makeGrid()
    _ = view.contentSize
    let before = layout.examinedItemCount
    layout.invalidateLayout()
    #expect(view.contentSize.height == 33_333_400)
    // The cells laid out again: only the 15 visible ones, and up to a row around them, were looked at.
    #expect(layout.examinedItemCount - before <= 18)
    #expect(layout.preparationCount == 2)
  }
}
