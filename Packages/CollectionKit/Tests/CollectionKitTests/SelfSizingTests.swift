import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// A cell that prefers the height its item is given, or grows by one point each time it is asked.
final class SizingCell: CollectionViewCell {
  var preferredHeight: CGFloat?
  var growsForever = false

  override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
    -> CollectionViewLayoutAttributes
  {
    if growsForever {
      layoutAttributes.frame.size.height += 1
    } else if let preferredHeight {
      layoutAttributes.frame.size.height = preferredHeight
    }
    return layoutAttributes
  }
}

@MainActor
@Suite struct SelfSizingTests {
  /// A 320 × 480 flow of `count` sizing cells, item i preferring `heights[i]` (none: the estimate).
  func makeSizingFlow(
    count: Int, heights: [Int: CGFloat], configure: (CollectionViewFlowLayout) -> Void
  ) -> (CollectionView, CollectionViewFlowLayout, CountsDataSource) {
    let (view, layout, dataSource) = makeFlow(counts: [count], configure: configure)
    view.register(SizingCell.self, forCellWithReuseIdentifier: "sizing")
    dataSource.answer = { view, indexPath in
      let cell = view.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath)
      (cell as? SizingCell)?.preferredHeight = heights[indexPath[1]]
      return cell
    }
    return (view, layout, dataSource)
  }

  @Test func itemsAreLaidOutAtTheEstimateWhileNoCellPrefersAnotherSize() {
    // Estimate 50 × 50 (not the 100 × 100 item size): five to a line, justified 17.5 apart, lines 60 apart.
    let (view, layout, _) = makeSizingFlow(count: 7, heights: [:]) {
      $0.itemSize = CGSize(width: 100, height: 100)
      $0.estimatedItemSize = CGSize(width: 50, height: 50)
    }
    #expect(view.visibleCells.count == 7)
    #expect(itemFrames(view).map(\.origin.y) == [0, 0, 0, 0, 0, 60, 60])
    #expect(view.contentSize.height == 110)
    #expect(layout.measuredItemCount == 0)
  }

  // Item 1 prefers 50 × 80. Line 0 (items 0–4, five 50-wide items justified 17.5 apart) is 80 long; the others are
  // centred on it at (80 − 50) / 2 = 15. Line 1 starts at 80 + 10 = 90: items 5 and 6 have room for more, so they
  // sit at the leading inset 10 apart. The content ends at 90 + 50 = 140.
  @Test(arguments: [
    (CGSize(width: 100, height: 100), CGSize(width: 50, height: 50)),
    (CGSize(width: 50, height: 50), CollectionViewFlowLayout.automaticSize),
  ])
  func aCellPreferringAnotherSizeIsLaidOutAgainAtIt(itemSize: CGSize, estimate: CGSize) throws {
    let (view, _, _) = makeSizingFlow(count: 7, heights: [1: 80]) {
      $0.itemSize = itemSize
      $0.estimatedItemSize = estimate
    }
    let cell = try #require(view.cellForItem(at: at(1)))
    #expect(cell.frame == rect(67.5, 0, 50, 80))
    #expect(
      itemFrames(view) == [
        rect(0, 15, 50, 50), rect(67.5, 0, 50, 80), rect(135, 15, 50, 50), rect(202.5, 15, 50, 50),
        rect(270, 15, 50, 50), rect(0, 90, 50, 50), rect(60, 90, 50, 50),
      ])
    #expect(view.contentSize.height == 140)
  }

  @Test func itemsNeverShownKeepTheEstimate() {
    // Every item prefers 80 high: lines become 90 apart, so lines 0–5 (up to 450 ..< 530) show 30 cells.
    let heights = Dictionary(uniqueKeysWithValues: (0..<100).map { ($0, CGFloat(80)) })
    let (view, _, _) = makeSizingFlow(count: 100, heights: heights) {
      $0.estimatedItemSize = CGSize(width: 50, height: 50)
    }
    #expect(view.visibleCells.count == 30)
    #expect(view.visibleCells.allSatisfy { $0.frame.height == 80 })
    #expect(view.layoutAttributesForItem(at: at(99))?.frame.size == CGSize(width: 50, height: 50))
  }

  @Test func aReloadForgetsTheSizesCellsGave() throws {
    var heights: [Int: CGFloat] = [1: 80]
    let (view, layout, dataSource) = makeSizingFlow(count: 7, heights: [:]) {
      $0.estimatedItemSize = CGSize(width: 50, height: 50)
    }
    dataSource.answer = { view, indexPath in
      let cell = view.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath)
      (cell as? SizingCell)?.preferredHeight = heights[indexPath[1]]
      return cell
    }
    #expect(view.cellForItem(at: at(1))?.frame.height == 80)
    heights = [:]
    view.reloadData()
    #expect(view.cellForItem(at: at(1))?.frame == rect(67.5, 0, 50, 50))
    #expect(layout.measuredItemCount == 7)
  }

  @Test func theDelegatesSizesAreTheEstimatesWhenItGivesThem() {
    // 40 × 40 from the delegate: six fit a line (6 × 40 + 5 × 10 = 290), justified (320 − 240) / 5 = 16 apart.
    // Item 1 prefers 40 × 80: line 0 is 80 long, item 0 centred at 20; line 1 starts at 90 with item 6.
    let (view, _, _) = makeSizingFlow(count: 7, heights: [1: 80]) {
      $0.estimatedItemSize = CGSize(width: 50, height: 50)
    }
    let delegate = keep(SizingDelegate())
    delegate.size = { _ in CGSize(width: 40, height: 40) }
    view.delegate = delegate
    #expect(view.visibleCells.count == 7)
    let frames = itemFrames(view)
    #expect([frames[0], frames[1], frames[6]] == [rect(0, 20, 40, 40), rect(56, 0, 40, 80), rect(0, 90, 40, 40)])
  }

  @Test func withoutAnEstimateCellsAreNotAskedAndKeepTheItemSize() {
    let (view, layout, _) = makeSizingFlow(count: 7, heights: [1: 80]) { _ in }
    #expect(view.cellForItem(at: at(1))?.frame == rect(67.5, 0, 50, 50))
    #expect(layout.measuredItemCount == 0)
  }

  @Test func aCellThatNeverSettlesStopsResizingAfterEightPasses() throws {
    let (view, _, dataSource) = makeSizingFlow(count: 1, heights: [:]) {
      $0.estimatedItemSize = CGSize(width: 50, height: 50)
    }
    dataSource.answer = { view, indexPath in
      let cell = view.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath)
      (cell as? SizingCell)?.growsForever = true
      return cell
    }
    // Eight passes in a row each add a point to the 50 proposed; the ninth is refused.
    #expect(view.cellForItem(at: at(0))?.frame.height == 58)
  }
}
