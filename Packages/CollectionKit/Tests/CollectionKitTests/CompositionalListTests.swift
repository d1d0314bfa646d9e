import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct CompositionalListTests {
  func makeList(
    _ configure: (inout CollectionLayoutListConfiguration) -> Void, counts: [Int],
    appearance: CollectionLayoutListConfiguration.Appearance
  )
    -> (CollectionView, CollectionViewCompositionalLayout)
  {
    var configuration = CollectionLayoutListConfiguration(appearance: appearance)
    configure(&configuration)
    let (view, layout, _) = makeCompositional(counts: counts, layout: .list(using: configuration))
    return (view, layout)
  }

  @Test func aPlainListStacksFullWidthRowsFortyFourHighAcrossSections() {
    // Section 0: rows at 0, 44, 88; section 1 follows at 132: rows at 132, 176; content ends at 220.
    for appearance in [CollectionLayoutListConfiguration.Appearance.plain, .sidebarPlain] {
      let (view, _) = makeList({ _ in }, counts: [3, 2], appearance: appearance)
      #expect(itemFrames(view, section: 0) == [rect(0, 0, 320, 44), rect(0, 44, 320, 44), rect(0, 88, 320, 44)])
      #expect(itemFrames(view, section: 1) == [rect(0, 132, 320, 44), rect(0, 176, 320, 44)])
      #expect(view.contentSize == CGSize(width: 320, height: 220))
    }
  }

  @Test func aGroupedListPutsSixteenPointsAboveAndBelowEachSection() {
    // Section 0: 16, rows at 16 and 60, 16: ends at 120. Section 1: row at 136, ends at 196.
    for appearance in [CollectionLayoutListConfiguration.Appearance.grouped, .sidebar] {
      let (view, _) = makeList({ _ in }, counts: [2, 1], appearance: appearance)
      #expect(itemFrames(view, section: 0) == [rect(0, 16, 320, 44), rect(0, 60, 320, 44)])
      #expect(itemFrames(view, section: 1) == [rect(0, 136, 320, 44)])
      #expect(view.contentSize.height == 196)
    }
  }

  @Test func anInsetGroupedListWithSupplementaryHeadersAndFootersInsetsThemAllTwentyAtTheSides() {
    // Section 0: header 0–32, 16, rows at 48 and 92 (to 136), 16, footer 152–184.
    // Section 1: header 184–216, 16, row at 232 (to 276), 16, footer 292–324. All 280 wide at x 20.
    let (view, layout) = makeList(
      {
        $0.headerMode = .supplementary
        $0.footerMode = .supplementary
      }, counts: [2, 1], appearance: .insetGrouped)
    #expect(itemFrames(view, section: 0) == [rect(20, 48, 280, 44), rect(20, 92, 280, 44)])
    #expect(itemFrames(view, section: 1) == [rect(20, 232, 280, 44)])
    #expect(
      supplementaryFrames(layout, in: rect(0, 0, 320, 480)) == [
        "header 0": rect(20, 0, 280, 32), "footer 0": rect(20, 152, 280, 32),
        "header 1": rect(20, 184, 280, 32), "footer 1": rect(20, 292, 280, 32),
      ])
    #expect(view.contentSize.height == 324)
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: at(0, 1))?
        .frame == rect(20, 184, 280, 32))
  }

  @Test func aFirstItemInSectionHeaderIsARowAndNoSupplementaryView() {
    let (view, layout) = makeList({ $0.headerMode = .firstItemInSection }, counts: [2], appearance: .plain)
    #expect(itemFrames(view) == [rect(0, 0, 320, 44), rect(0, 44, 320, 44)])
    #expect(supplementaryFrames(layout, in: rect(0, 0, 320, 480)).isEmpty)
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: CollectionView.elementKindSectionHeader, at: at(0)) == nil)
  }

  @Test func aPlainListsSupplementaryHeaderIsThirtyTwoHighAboveTheRows() {
    let (view, layout) = makeList({ $0.headerMode = .supplementary }, counts: [1], appearance: .plain)
    #expect(supplementaryFrames(layout, in: rect(0, 0, 320, 480)) == ["header 0": rect(0, 0, 320, 32)])
    #expect(itemFrames(view) == [rect(0, 32, 320, 44)])
  }
}
