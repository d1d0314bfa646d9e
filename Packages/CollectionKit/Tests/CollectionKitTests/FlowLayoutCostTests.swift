import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct FlowLayoutCostTests {
  @Test func aMillionItemGridAnswersAViewportQueryByLookingAtTheVisibleLinesOnly() {
    // 5 per line, lines 60 apart: 200,000 lines, the last ending at 199,999 × 60 + 50.
    let (view, layout, _) = makeFlow(counts: [1_000_000])
    #expect(view.contentSize == CGSize(width: 320, height: 11_999_990))
    let before = layout.examinedItemCount
    // Lines 100,000 to 100,007 overlap 6,000,000 ..< 6,000,480; line 100,008 starts at its end.
    let elements = layout.layoutAttributesForElements(in: rect(0, 6_000_000, 320, 480)) ?? []
    #expect(elements.count == 40)
    #expect(elements.first?.indexPath == at(500_000))
    #expect(layout.examinedItemCount - before <= 45)
    #expect(layout.measuredItemCount == 0)
  }

  @Test func aMillionItemGridPlacesItsLastItemWithoutLookingAtAnyOther() {
    let (view, layout, _) = makeFlow(counts: [1_000_000])
    let before = layout.examinedItemCount
    #expect(view.layoutAttributesForItem(at: at(999_999))?.frame == rect(270, 11_999_940, 50, 50))
    #expect(layout.examinedItemCount - before == 1)
  }

  @Test func aDelegateWithoutItemSizesIsAskedOnceNotOncePerItem() {
    let (view, layout, _) = makeFlow(counts: [1_000_000])
    let delegate = keep(InsetOnlyDelegate())
    view.delegate = delegate
    #expect(view.contentSize.height == 11_999_990)
    #expect(layout.measuredItemCount == 1)
  }
}
