import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct ReuseBoundTests {
  @Test func scrollingAMillionItemGridEndToEndCreatesOnlyAsManyCellsAsAreEverVisibleAtOnce() {
    // 50 × 50 items, five to a line, lines 60 apart: a 480-high screen shows 8 lines (40 cells); a step of 7 points
    // can straddle 9 lines (45 cells). 200,000 lines are 11,999,990 points of content.
    let (view, _, dataSource) = makeFlow(counts: [1_000_000])
    let end = view.contentSize.height - 480
    #expect(end == 11_999_510)
    var offset: CGFloat = 0
    var steps = 0
    var mostVisible = 0
    while offset < end {
      // Ever larger steps (7, 36, 65 … points), so that the whole content is crossed in about 900 layout passes.
      offset = min(end, offset + 7 + CGFloat(steps) * 29)
      view.contentOffset = CGPoint(x: 0, y: offset)
      mostVisible = max(mostVisible, view.visibleCells.count)
      steps += 1
    }
    #expect(view.indexPathsForVisibleItems.last == at(999_999))
    #expect(mostVisible == 45)
    #expect(view.createdViewCount == 45)
    #expect(view.createdViewCount + view.reusableCellCount >= view.visibleCells.count)
    #expect(dataSource.cellRequests.count > 1_000)
  }
}
