import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// A data source of item counts whose sections have headers and footers of a registered class.
@MainActor
final class HeadedCountsDataSource: CollectionViewDataSource {
  var counts: [Int]

  init(_ counts: [Int]) {
    self.counts = counts
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    counts[section]
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
  }
}

/// A collection view of two or more sections with headers and footers, `width` × `height` points.
@MainActor
func makeHeadedFlow(
  width: CGFloat = 320, height: CGFloat = 100, counts: [Int], configure: (CollectionViewFlowLayout) -> Void
) -> (CollectionView, CollectionViewFlowLayout, HeadedCountsDataSource) {
  let layout = CollectionViewFlowLayout()
  configure(layout)
  let view = CollectionView(frame: rect(0, 0, width, height), collectionViewLayout: layout)
  view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
    view.register(TitleHeader.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "title")
  }
  let dataSource = keep(HeadedCountsDataSource(counts))
  view.dataSource = dataSource
  return (view, layout, dataSource)
}

private let header = "CollectionElementKindSectionHeader"
private let footer = "CollectionElementKindSectionFooter"

@MainActor
@Suite struct PinnedSupplementaryViewTests {
  // 320 × 100, 50 × 50 items five to a line, lines 10 apart, headers 20 high, two sections of ten items.
  // Section 0: header 0 ..< 20, lines 20 ..< 70 and 80 ..< 130, ends at 130.
  // Section 1: header 130 ..< 150, lines 150 ..< 200 and 210 ..< 260, ends at 260.
  // A pinned header's y: min(max(natural, offset), section end − 20).
  @Test(
    arguments: [
      // offset, header 0's y, header 1's y
      (0, 0, 130),  // both natural
      (50, 50, 130),  // max(0, 50) = 50; max(130, 50) = 130
      (100, 100, 130),  // min(100, 130 − 20 = 110) = 100
      (120, 110, 130),  // min(120, 110) = 110: pushed off by section 1
      (140, 110, 140),  // header 0 stays at its section's end; max(130, 140) = 140
      (250, 110, 240),  // min(250, 260 − 20 = 240) = 240
    ] as [(CGFloat, CGFloat, CGFloat)])
  func aPinnedHeaderSitsAtTheVisibleTopUntilItsSectionPushesItOff(offset: CGFloat, first: CGFloat, second: CGFloat) {
    let (view, _, _) = makeHeadedFlow(counts: [10, 10]) {
      $0.headerReferenceSize = CGSize(width: 0, height: 20)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    view.contentOffset = CGPoint(x: 0, y: offset)
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: header, at: at(0, 0))?.frame == rect(0, first, 320, 20))
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: header, at: at(0, 1))?.frame == rect(0, second, 320, 20))
  }

  // Footers 15 high, no headers. Section 0: lines 0 ..< 50 and 60 ..< 110, footer 110 ..< 125. Section 1: lines
  // 125 ..< 175 and 185 ..< 235, footer 235 ..< 250. A pinned footer's y: max(min(natural, offset + 100 − 15),
  // section start).
  @Test(
    arguments: [
      // offset, footer 0's y, footer 1's y
      (0, 85, 125),  // min(110, 85) = 85; min(235, 85) = 85 → max(85, 125) = 125
      (30, 110, 125),  // min(110, 115) = 110 natural; min(235, 115) = 115 → 125
      (100, 110, 185),  // min(235, 185) = 185
      (150, 110, 235),  // min(235, 235) = 235 natural
    ] as [(CGFloat, CGFloat, CGFloat)])
  func aPinnedFooterSitsAtTheVisibleBottomWithinItsSection(offset: CGFloat, first: CGFloat, second: CGFloat) {
    let (view, _, _) = makeHeadedFlow(counts: [10, 10]) {
      $0.footerReferenceSize = CGSize(width: 0, height: 15)
      $0.sectionFootersPinToVisibleBounds = true
    }
    view.contentOffset = CGPoint(x: 0, y: offset)
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: footer, at: at(0, 0))?.frame == rect(0, first, 320, 15))
    #expect(
      view.layoutAttributesForSupplementaryElement(ofKind: footer, at: at(0, 1))?.frame == rect(0, second, 320, 15))
  }

  @Test func theShownHeaderOfASectionScrolledPastItsNaturalPlaceIsReportedAndFollowsTheScroll() throws {
    let (view, layout, _) = makeHeadedFlow(counts: [10, 10]) {
      $0.headerReferenceSize = CGSize(width: 0, height: 20)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    view.contentOffset = CGPoint(x: 0, y: 50)
    // Bounds 50 ..< 150: header 0's natural place (0 ..< 20) is above them; pinned, it is at 50 ..< 70.
    let kinds = (layout.layoutAttributesForElements(in: view.bounds) ?? []).filter { $0.representedElementKind != nil }
    #expect(kinds.map(\.frame) == [rect(0, 50, 320, 20), rect(0, 130, 320, 20)])
    let shown = try #require(view.supplementaryView(forElementKind: header, at: at(0, 0)))
    #expect(shown.frame == rect(0, 50, 320, 20))
    view.contentOffset = CGPoint(x: 0, y: 120)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0)) === shown)
    #expect(shown.frame == rect(0, 110, 320, 20))
  }

  @Test func unpinnedHeadersScrollAwayWithTheirSection() {
    let (view, _, _) = makeHeadedFlow(counts: [10, 10]) { $0.headerReferenceSize = CGSize(width: 0, height: 20) }
    view.contentOffset = CGPoint(x: 0, y: 50)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0)) == nil)
    #expect(view.layoutAttributesForSupplementaryElement(ofKind: header, at: at(0, 0))?.frame == rect(0, 0, 320, 20))
  }

  @Test func pinningMakesAnyBoundsChangeInvalidateTheLayout() {
    let (view, layout, _) = makeHeadedFlow(counts: [10, 10]) { $0.headerReferenceSize = CGSize(width: 0, height: 20) }
    _ = view.contentSize
    let scrolled = rect(0, 50, 320, 100)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    layout.sectionHeadersPinToVisibleBounds = true
    #expect(layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    layout.sectionHeadersPinToVisibleBounds = false
    layout.sectionFootersPinToVisibleBounds = true
    #expect(layout.shouldInvalidateLayout(forBoundsChange: scrolled))
  }

  @Test func scrollingWithPinnedHeadersMeasuresNoItemAgain() {
    let (view, layout, _) = makeHeadedFlow(counts: [10, 10]) {
      $0.headerReferenceSize = CGSize(width: 0, height: 20)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    let delegate = keep(SizingDelegate())
    delegate.size = { _ in CGSize(width: 50, height: 50) }
    view.delegate = delegate
    _ = view.visibleCells
    let measured = layout.measuredItemCount
    // One size asked to learn that the delegate gives sizes, then one per item.
    #expect(measured == 21)
    view.contentOffset = CGPoint(x: 0, y: 120)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0))?.frame == rect(0, 110, 320, 20))
    #expect(layout.measuredItemCount == measured)
    // A change of width, or of a property, still lays the lines out again.
    view.frame = rect(0, 0, 300, 100)
    #expect(layout.measuredItemCount == measured + 21)
    layout.minimumLineSpacing = 20
    // Each section: header 20, line 50, spacing 20, line 50.
    let height = view.contentSize.height
    #expect(height == 280)
    #expect(layout.measuredItemCount == measured + 42)
  }

  @Test func aHorizontalLayoutPinsHeadersToTheLeftEdge() {
    // 100 × 320 scrolling sideways: columns of five, 60 apart; section 0's header x 0 ..< 20, columns 20 ..< 70 and
    // 80 ..< 130, so it ends at 130. Offset 50: max(0, 50) = 50; offset 120: min(120, 130 − 20) = 110.
    let (view, _, _) = makeHeadedFlow(width: 100, height: 320, counts: [10, 10]) {
      $0.scrollDirection = .horizontal
      $0.headerReferenceSize = CGSize(width: 20, height: 0)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    view.contentOffset = CGPoint(x: 50, y: 0)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0))?.frame == rect(50, 0, 20, 320))
    view.contentOffset = CGPoint(x: 120, y: 0)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0))?.frame == rect(110, 0, 20, 320))
  }
}
