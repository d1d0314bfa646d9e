import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct FlowLayoutGeometryTests {
  @Test func aNewFlowLayoutHasUIKitsDefaults() {
    let layout = CollectionViewFlowLayout()
    #expect(layout.itemSize == CGSize(width: 50, height: 50))
    #expect(layout.minimumLineSpacing == 10)
    #expect(layout.minimumInteritemSpacing == 10)
    #expect(layout.sectionInset == .zero)
    #expect(layout.headerReferenceSize == .zero)
    #expect(layout.footerReferenceSize == .zero)
    #expect(layout.estimatedItemSize == .zero)
    #expect(layout.scrollDirection == .vertical)
  }

  @Test func defaultItemsFillFullLinesEvenlyAndStartThePartialLastLineAtTheLeadingEdge() {
    // 320 wide, 50-point items at least 10 apart: 1 + floor((320 - 50) / 60) = 5 per line.
    // A full line shares 320 - 5 × 50 = 70 points over 4 gaps: 17.5, so x = 0, 67.5, 135, 202.5, 270.
    // Items 5 and 6 make a partial last line (room for more): x = 0, 60 at y = 50 + 10.
    let (view, _, _) = makeFlow(counts: [7])
    #expect(
      itemFrames(view) == [
        rect(0, 0, 50, 50), rect(67.5, 0, 50, 50), rect(135, 0, 50, 50), rect(202.5, 0, 50, 50),
        rect(270, 0, 50, 50), rect(0, 60, 50, 50), rect(60, 60, 50, 50),
      ])
    #expect(view.contentSize == CGSize(width: 320, height: 110))
  }

  @Test func insetsSpacingsHeadersAndFootersStackSectionBySection() {
    // 200 wide, items 40 × 30, lines 5 apart, items at least 10 apart, insets top 8 left 12 bottom 6 right 12,
    // headers 20 high, footers 15 high. Room across: 200 - 24 = 176: 1 + floor(136 / 50) = 3 per line,
    // justified (176 - 120) / 2 = 28 apart: x = 12, 80, 148.
    // Section 0: header y 0–20; lines from 20 + 8 = 28; items 3 and 4 partial at y 28 + 35 = 63, x 12, 62;
    //   footer at 63 + 30 + 6 = 99, 15 high; section ends at 114.
    // Section 1: header 114–134; lines from 142; footer at 142 + 30 + 6 = 178; ends at 193.
    let (view, _, _) = makeFlow(width: 200, counts: [5, 3]) { layout in
      layout.itemSize = CGSize(width: 40, height: 30)
      layout.minimumLineSpacing = 5
      layout.sectionInset = EdgeInsets(top: 8, left: 12, bottom: 6, right: 12)
      layout.headerReferenceSize = CGSize(width: 999, height: 20)
      layout.footerReferenceSize = CGSize(width: 999, height: 15)
    }
    #expect(
      itemFrames(view, section: 0) == [
        rect(12, 28, 40, 30), rect(80, 28, 40, 30), rect(148, 28, 40, 30), rect(12, 63, 40, 30), rect(62, 63, 40, 30),
      ])
    #expect(itemFrames(view, section: 1) == [rect(12, 142, 40, 30), rect(80, 142, 40, 30), rect(148, 142, 40, 30)])
    let header = CollectionView.elementKindSectionHeader
    let footer = CollectionView.elementKindSectionFooter
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: header, at: at(0, 0))?.frame == rect(0, 0, 200, 20))
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: footer, at: at(0, 0))?.frame == rect(0, 99, 200, 15))
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: header, at: at(0, 1))?.frame == rect(0, 114, 200, 20))
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: footer, at: at(0, 1))?.frame == rect(0, 178, 200, 15))
    #expect(view.contentSize == CGSize(width: 200, height: 193))
  }

  @Test func itemsOfDifferentSizesAreCentredOnTheTallestOfTheirLine() {
    // 100 wide, spacing 10. Line 0: 30 + 10 + 40 = 80 fits, + 10 + 50 does not: items 0 and 1, justified
    // 30 apart (x 0, 60), 40 high: item 0 (20 high) at y 10. Line 1 from y 50: 50 + 10 + 20 = 80, the last
    // line but another 20-point item would not fit (110 > 100): justified, x 0, 80; 20 high, item 2 at y 55.
    let (view, _, _) = makeFlow(width: 100, counts: [4])
    let sizes = [
      CGSize(width: 30, height: 20), CGSize(width: 40, height: 40), CGSize(width: 50, height: 10),
      CGSize(width: 20, height: 20),
    ]
    let delegate = keep(SizingDelegate())
    delegate.size = { sizes[$0[1]] }
    view.delegate = delegate
    #expect(itemFrames(view) == [rect(0, 10, 30, 20), rect(60, 0, 40, 40), rect(0, 55, 50, 10), rect(80, 50, 20, 20)])
    #expect(view.contentSize == CGSize(width: 100, height: 70))
  }

  @Test func aLineThatHoldsOneItemBecauseNoSecondFitsIsCentred() {
    // 60-point items in 100 points: 60 + 10 + 60 > 100, one per line, centred at (100 - 60) / 2 = 20.
    let (view, _, _) = makeFlow(width: 100, counts: [3]) { $0.itemSize = CGSize(width: 60, height: 20) }
    #expect(itemFrames(view) == [rect(20, 0, 60, 20), rect(20, 30, 60, 20), rect(20, 60, 60, 20)])
  }

  @Test func aLastLineOfOneItemInAGridStartsAtTheLeadingEdge() {
    // 20-point items in 100 points: 1 + floor(80 / 30) = 3 per line, justified (100 - 60) / 2 = 20 apart.
    // Item 3 is alone on the last line with room for more: x 0.
    let (view, _, _) = makeFlow(width: 100, counts: [4]) { $0.itemSize = CGSize(width: 20, height: 20) }
    #expect(itemFrames(view) == [rect(0, 0, 20, 20), rect(40, 0, 20, 20), rect(80, 0, 20, 20), rect(0, 30, 20, 20)])
  }

  @Test func aDelegateGivesEachSectionItsInsetAndSpacingsWithoutBeingAskedItemSizes() {
    // Section 0: default metrics, 20-point items: 3 per line, 2 items partial: x 0, 30; section ends at 20.
    // Section 1: inset top 5 left 30, items 0 apart, lines 2 apart: room 70, 3 per line (60 ≤ 70),
    // justified (70 - 60) / 2 = 5: x 30, 55, 80 at y 25; item 3 partial at x 30, y 25 + 22 = 47.
    let (view, layout, _) = makeFlow(width: 100, counts: [2, 4]) { $0.itemSize = CGSize(width: 20, height: 20) }
    let delegate = keep(InsetOnlyDelegate())
    delegate.inset = { $0 == 1 ? EdgeInsets(top: 5, left: 30, bottom: 0, right: 0) : .zero }
    delegate.interitemSpacing = { $0 == 1 ? 0 : 10 }
    delegate.lineSpacing = { $0 == 1 ? 2 : 10 }
    view.delegate = delegate
    #expect(itemFrames(view, section: 0) == [rect(0, 0, 20, 20), rect(30, 0, 20, 20)])
    #expect(
      itemFrames(view, section: 1) == [
        rect(30, 25, 20, 20), rect(55, 25, 20, 20), rect(80, 25, 20, 20), rect(30, 47, 20, 20),
      ]
    )
    #expect(view.contentSize == CGSize(width: 100, height: 67))
    #expect(layout.measuredItemCount == 1)
  }

  @Test func measuredAndArithmeticLinesAgreeWhenTheDelegateGivesTheLayoutsOwnSize() {
    let configure: (CollectionViewFlowLayout) -> Void = { layout in
      layout.itemSize = CGSize(width: 40, height: 30)
      layout.sectionInset = EdgeInsets(top: 8, left: 12, bottom: 6, right: 3)
      layout.headerReferenceSize = CGSize(width: 0, height: 20)
    }
    let (arithmetic, _, _) = makeFlow(width: 230, counts: [11, 1, 0, 4], configure: configure)
    let (measured, layout, _) = makeFlow(width: 230, counts: [11, 1, 0, 4], configure: configure)
    let delegate = keep(SizingDelegate())
    measured.delegate = delegate
    for section in 0..<4 {
      #expect(itemFrames(measured, section: section) == itemFrames(arithmetic, section: section))
    }
    #expect(measured.contentSize == arithmetic.contentSize)
    #expect(layout.measuredItemCount == 17)
  }

  @Test func aHorizontalLayoutFillsColumnsTopToBottomAndStacksThemLeftToRight() {
    // 100 high, 30 × 40 items, header 25 wide. Room down: 100: 1 + floor(60 / 50) = 2 per column, justified
    // (100 - 80) / 1 = 20 apart: y 0, 60. Columns from x 25, 40 apart; item 4 alone, partial, at y 0.
    let (view, _, _) = makeFlow(width: 200, height: 100, counts: [5]) { layout in
      layout.scrollDirection = .horizontal
      layout.itemSize = CGSize(width: 30, height: 40)
      layout.headerReferenceSize = CGSize(width: 25, height: 999)
    }
    #expect(
      itemFrames(view) == [
        rect(25, 0, 30, 40), rect(25, 60, 30, 40), rect(65, 0, 30, 40), rect(65, 60, 30, 40), rect(105, 0, 30, 40),
      ])
    let header = view.layoutAttributesForSupplementaryElement(
      ofKind: CollectionView.elementKindSectionHeader, at: at(0))
    #expect(header?.frame == rect(0, 0, 25, 100))
    #expect(view.contentSize == CGSize(width: 135, height: 100))
  }

  @Test func elementsInARectAreHeadersItemsAndFootersThatOverlapItNotThoseThatOnlyTouch() {
    // Defaults with a 20-point header: lines at y 20 and 80 (items 0–4, 5–6).
    let (view, layout, _) = makeFlow(counts: [7]) { $0.headerReferenceSize = CGSize(width: 0, height: 20) }
    _ = view.contentSize
    let elements = layout.layoutAttributesForElements(in: rect(0, 70, 100, 10)) ?? []
    #expect(elements.isEmpty)
    let touching = layout.layoutAttributesForElements(in: rect(0, 20, 60, 61)) ?? []
    #expect(touching.map(\.indexPath) == [at(0), at(5)])
    let withHeader = layout.layoutAttributesForElements(in: rect(0, 0, 320, 21)) ?? []
    #expect(
      withHeader.map(\.representedElementKind) == [CollectionView.elementKindSectionHeader]
        + Array(repeating: nil, count: 5))
  }

  @Test func theItemAtAPointIsTheOneWhoseFrameHoldsIt() {
    let (view, _, _) = makeFlow(counts: [7])
    #expect(view.indexPathForItem(at: CGPoint(x: 70, y: 10)) == at(1))
    #expect(view.indexPathForItem(at: CGPoint(x: 55, y: 10)) == nil)
    #expect(view.indexPathForItem(at: CGPoint(x: 61, y: 61)) == at(6))
  }

  @Test func changingTheWidthLaysTheLinesOutAgain() {
    let (view, _, _) = makeFlow(width: 100, counts: [3]) { $0.itemSize = CGSize(width: 20, height: 20) }
    #expect(view.contentSize.height == 20)
    view.frame = rect(0, 0, 40, 480)
    // One per line (20 + 10 + 20 > 40), centred at 10.
    #expect(itemFrames(view) == [rect(10, 0, 20, 20), rect(10, 30, 20, 20), rect(10, 60, 20, 20)])
  }

  @Test func anEmptySectionKeepsItsHeaderAndInsets() {
    // Section 0: header 0–20, insets 5 + 5, no lines: ends at 30. Section 1: header 30–50, its one item (a
    // partial line: room for more) at the leading edge, y 55; content ends at 105 + 5.
    let (view, _, _) = makeFlow(counts: [0, 1]) { layout in
      layout.headerReferenceSize = CGSize(width: 0, height: 20)
      layout.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
    }
    #expect(itemFrames(view, section: 1) == [rect(0, 55, 50, 50)])
    #expect(view.contentSize.height == 110)
  }
}
