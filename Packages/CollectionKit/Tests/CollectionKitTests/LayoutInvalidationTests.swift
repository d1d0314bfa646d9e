import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct LayoutInvalidationTests {
  @Test func aChangedItemSizeMovesTheShownCellsAtOnce() throws {
    // 320 wide, 50 × 50 items, spacing at least 10: five to a line, the 70 left over shared by four gaps of 17.5,
    // so item 3 is at 3 × 67.5 = 202.5. At 100 × 100 three fit in a line (3 × 100 + 2 × 10 = 320), lines 110
    // apart: item 3 starts the second line.
    let (view, layout, _) = makeFlow(counts: [30])
    let cell = try #require(view.cellForItem(at: at(3)))
    #expect(cell.frame == rect(202.5, 0, 50, 50))
    layout.itemSize = CGSize(width: 100, height: 100)
    #expect(cell.frame == rect(0, 110, 100, 100))
    #expect(view.cellForItem(at: at(3)) === cell)
  }

  @Test func aChangedSpacingShowsTheItemsThatNowFitAndDropsThoseThatLeft() {
    // 480 high: with line spacing 10, lines start every 60 and items 0–39 are in the bounds (line 8 starts at
    // 480, touching the bounds only). With spacing 0 lines start every 50: lines 0–9 show items 0–49.
    let (view, layout, _) = makeFlow(counts: [100])
    #expect(view.indexPathsForVisibleItems.count == 40)
    layout.minimumLineSpacing = 0
    #expect(view.indexPathsForVisibleItems.count == 50)
    #expect(view.indexPathsForVisibleItems.last == at(49))
    layout.minimumLineSpacing = 110
    // Lines every 160: lines 0, 1 and 2 (at 320) are in the bounds.
    #expect(view.indexPathsForVisibleItems == (0..<15).map { at($0) })
  }

  @Test func anInvalidatedLayoutIsNotLaidOutBeforeTheDataIsLoaded() {
    let (view, layout, dataSource) = makeFlow(counts: [10])
    layout.itemSize = CGSize(width: 10, height: 10)
    #expect(dataSource.cellRequests.isEmpty)
    #expect(view.visibleCells.count == 10)
  }
}

@MainActor
@Suite struct UnplaceableGeometryTests {
  @Test func scrollingToAnItemPlacedAtNoFiniteFrameLeavesTheOffsetAsItWas() throws {
    // Lines the largest finite distance apart: the third line's place overflows to infinity, and the frame's
    // numbers past it are not numbers.
    let (view, layout, _) = makeFlow(counts: [100])
    view.contentOffset = CGPoint(x: 0, y: 20)
    layout.minimumLineSpacing = .greatestFiniteMagnitude
    let frame = try #require(view.layoutAttributesForItem(at: at(50))?.frame)
    #expect(!frame.minY.isFinite || !frame.maxY.isFinite)
    view.scrollToItem(at: at(50), at: .top, animated: false)
    #expect(view.contentOffset == CGPoint(x: 0, y: 20))
  }

  @Test func scrollingToAnItemOfInfiniteHeightLeavesTheOffsetAsItWas() {
    let (view, layout, _) = makeFlow(counts: [100])
    layout.itemSize = CGSize(width: 50, height: CGFloat.infinity)
    view.scrollToItem(at: at(50), at: .bottom, animated: false)
    #expect(view.contentOffset == .zero)
  }
}

@MainActor
@Suite struct CompositionalUnplaceableGeometryTests {
  @Test func aCompositionalGridInAViewOfInfiniteWidthLaysOutAsInOneOfNoWidth() {
    // Three columns of fractional width: in a view of no width each is 0 wide; rows stay 60 high, 3 items a row.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(60)),
      repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
    let (view, _, _) = makeCompositional(
      width: .infinity, counts: [9],
      layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(view.contentSize == CGSize(width: 0, height: 180))
    #expect(view.layoutAttributesForItem(at: at(4))?.frame == rect(0, 60, 0, 60))
  }
}
