import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct CompositionalLayoutGeometryTests {
  @Test func aFractionalThreeColumnGridIsPlacedInsideTheSectionInsetsWithItsSpacings() {
    // 340 wide, insets 10 at the sides: the group is 320 wide and 0.25 × 320 = 80 high. Three items share
    // 320 - 2 × 10 = 300: 100 each, at x 10, 120, 230. Groups start at y 10 and step 80 + 15 = 95.
    // Content: 10 + 3 × 80 + 2 × 15 + 20 = 300 high.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)),
      repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
    group.interItemSpacing = .fixed(10)
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = insets(10, 10, 20, 10)
    section.interGroupSpacing = 15
    let (view, _, _) = makeCompositional(
      width: 340, counts: [7], layout: CollectionViewCompositionalLayout(section: section))
    #expect(
      itemFrames(view) == [
        rect(10, 10, 100, 80), rect(120, 10, 100, 80), rect(230, 10, 100, 80),
        rect(10, 105, 100, 80), rect(120, 105, 100, 80), rect(230, 105, 100, 80),
        rect(10, 200, 100, 80),
      ])
    #expect(view.contentSize == CGSize(width: 340, height: 300))
  }

  @Test func aGroupOfSubitemsRepeatsThemWhileTheNextFits() {
    // Items 0.25 × 320 = 80 wide, 10 apart: 80, 170, 260 used; a fourth needs 350 > 320. So three a group,
    // at x 10, 100, 190; groups 50 high at y 10 and 10 + 50 + 15 = 75.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(0.25), .fractionalHeight(1))])
    group.interItemSpacing = .fixed(10)
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = insets(10, 10, 10, 10)
    section.interGroupSpacing = 15
    let (view, _, _) = makeCompositional(
      width: 340, counts: [5], layout: CollectionViewCompositionalLayout(section: section))
    #expect(
      itemFrames(view) == [
        rect(10, 10, 80, 50), rect(100, 10, 80, 50), rect(190, 10, 80, 50),
        rect(10, 75, 80, 50), rect(100, 75, 80, 50),
      ])
    // 10 + 50 + 15 + 50 + 10.
    #expect(view.contentSize.height == 135)
  }

  @Test func aNestedGroupFillsItsSlotAndItsItemsFollowInOrder() {
    // One item on the left (160 × 200), a vertical group of two 160 × 100 items on the right; group 1 at y 200.
    let trailing = CollectionLayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))])
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(200)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1)), trailing])
    let (view, _, _) = makeCompositional(
      counts: [4], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(
      itemFrames(view) == [
        rect(0, 0, 160, 200), rect(160, 0, 160, 100), rect(160, 100, 160, 100), rect(0, 200, 160, 200),
      ])
    #expect(view.contentSize.height == 400)
  }

  @Test func anItemsContentInsetsShrinkItsFrameInsideItsSlot() {
    // Slots 160 × 50; insets top 2, leading 4, bottom 6, trailing 8 leave 148 × 42 at (+4, +2).
    let cell = item(.fractionalWidth(0.5), .fractionalHeight(1))
    cell.contentInsets = insets(2, 4, 6, 8)
    let group = CollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [cell])
    let (view, _, _) = makeCompositional(
      counts: [3], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(itemFrames(view) == [rect(4, 2, 148, 42), rect(164, 2, 148, 42), rect(4, 52, 148, 42)])
  }

  @Test func flexibleSpacingSharesTheRoomLeftBetweenTheItems() {
    // 60-wide items at least 10 apart in 300: four fit (270 used); the 30 left adds 10 to each of 3 spaces.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item(.absolute(60), .absolute(40))])
    group.interItemSpacing = .flexible(10)
    let (view, _, _) = makeCompositional(
      width: 300, counts: [4], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
    )
    #expect(itemFrames(view).map(\.minX) == [0, 80, 160, 240])
  }

  @Test func anEstimatedDimensionIsLaidOutAtItsEstimate() {
    // Cells do not size themselves: each row is its 30-point estimate.
    let row = item(.fractionalWidth(1), .estimated(30))
    let group = CollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(30)), subitems: [row])
    let (view, _, _) = makeCompositional(
      counts: [2], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(itemFrames(view) == [rect(0, 0, 320, 30), rect(0, 30, 320, 30)])
  }

  @Test func aQueryAnswersExactlyTheItemsWhoseFramesOverlapItsRectangle() {
    // Rows of three 100 × 100 items (300 wide). The rectangle x 150–260, y 150–210 meets rows 1 (y 100–200)
    // and 2 (y 200–300) in columns 1 (x 100–200) and 2 (x 200–300): items 4, 5, 7, 8.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)), repeatingSubitem: item(.absolute(1), .absolute(100)),
      count: 3)
    let (view, layout, _) = makeCompositional(
      width: 300, counts: [12],
      layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    _ = view.contentSize
    let found = (layout.layoutAttributesForElements(in: rect(150, 150, 110, 60)) ?? []).map(\.indexPath)
    #expect(found == [at(4), at(5), at(7), at(8)])
    // An empty rectangle overlaps nothing; a small one inside item 7 meets item 7 only.
    #expect(layout.layoutAttributesForElements(in: rect(0, 200, 100, 0))?.isEmpty == true)
    #expect((layout.layoutAttributesForElements(in: rect(100, 250, 10, 10)) ?? []).map(\.indexPath) == [at(7)])
  }

  @Test func cellsAreMadeOnlyForTheItemsInTheBounds() {
    // 100 × 100 items, four a row, in a 400 × 250 view: rows 0, 1 and 2 (y 200–300) meet the bounds: 12 cells.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [item(.fractionalWidth(0.25), .fractionalHeight(1))])
    let (view, _, _) = makeCompositional(
      width: 400, height: 250, counts: [100],
      layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(view.visibleCells.count == 12)
    #expect(view.indexPathsForVisibleItems.last == at(11))
    view.contentOffset = CGPoint(x: 0, y: 1_000)
    // y 1000–1250: rows 10, 11, 12.
    #expect(view.indexPathsForVisibleItems.first == at(40))
    #expect(view.indexPathsForVisibleItems.last == at(51))
  }

  @Test func aGroupsContentInsetsShrinkTheRoomItsSubitemsShare() {
    // A 320 × 60 group inset 5, 10, 5, 10 lays its half-width items out in 300 × 50 from (10, 5).
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(60)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    group.contentInsets = insets(5, 10, 5, 10)
    let (view, _, _) = makeCompositional(
      counts: [3], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(itemFrames(view) == [rect(10, 5, 150, 50), rect(160, 5, 150, 50), rect(10, 65, 150, 50)])
  }

  @Test func aSubitemWiderThanItsGroupIsPlacedAloneAndOverflows() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.absolute(400), .absolute(50))])
    let (view, _, _) = makeCompositional(
      counts: [2], layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)))
    #expect(itemFrames(view) == [rect(0, 0, 400, 50), rect(0, 50, 400, 50)])
  }

  @Test func anEmptySectionKeepsItsBoundaryItemsAndInsets() {
    // Header 0–20, insets 10 and 10, no groups: the section ends at 40; the next section's row starts there.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = insets(10, 0, 10, 0)
    section.boundarySupplementaryItems = [
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: CollectionView.elementKindSectionHeader,
        alignment: .top)
    ]
    let (view, layout, _) = makeCompositional(
      counts: [0, 1], layout: CollectionViewCompositionalLayout(section: section))
    #expect(itemFrames(view, section: 1) == [rect(0, 70, 320, 50)])
    #expect(
      supplementaryFrames(layout, in: rect(0, 0, 320, 480)) == [
        "header 0": rect(0, 0, 320, 20), "header 1": rect(0, 40, 320, 20),
      ])
  }
}
