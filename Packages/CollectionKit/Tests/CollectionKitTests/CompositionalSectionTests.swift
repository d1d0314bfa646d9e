import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct CompositionalSectionTests {
  /// An orthogonal section of 150 × 100 groups, 10 apart from x 10, above a section of 50-high rows.
  func orthogonalThenRows(_ behaviour: CollectionLayoutSectionOrthogonalScrollingBehavior)
    -> CollectionViewCompositionalLayout
  {
    CollectionViewCompositionalLayout { index, _ in
      if index == 0 {
        let group = CollectionLayoutGroup.horizontal(
          layoutSize: size(.absolute(150), .absolute(100)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = behaviour
        section.interGroupSpacing = 10
        section.contentInsets = insets(0, 10, 0, 10)
        return section
      }
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(50)),
        subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
      return CollectionLayoutSection(group: group)
    }
  }

  @Test func anOrthogonalSectionLaysItsGroupsInOneRowAndShowsThoseInsideTheWidth() {
    // Groups at x 10, 170, 330, 490, 650, 810; the section is one group high (0–100). The next section's rows
    // follow at 100 and 150. Only groups 0 (10–160) and 1 (170–320) meet the 320-wide bounds.
    for behaviour in [
      CollectionLayoutSectionOrthogonalScrollingBehavior.continuous, .continuousGroupLeadingBoundary, .paging,
      .groupPaging, .groupPagingCentered,
    ] {
      let (view, layout, _) = makeCompositional(counts: [6, 2], layout: orthogonalThenRows(behaviour))
      #expect(itemFrames(view, section: 0).map(\.minX) == [10, 170, 330, 490, 650, 810])
      #expect(itemFrames(view, section: 0).allSatisfy { $0.minY == 0 && $0.size == CGSize(width: 150, height: 100) })
      #expect(itemFrames(view, section: 1) == [rect(0, 100, 320, 50), rect(0, 150, 320, 50)])
      #expect(view.contentSize == CGSize(width: 320, height: 200))
      #expect(view.indexPathsForVisibleItems == [at(0), at(1), at(0, 1), at(1, 1)])
      // A query past the width answers the groups there, looking at them and a group either side only.
      let before = layout.examinedItemCount
      #expect(
        (layout.layoutAttributesForElements(in: rect(480, 0, 200, 100)) ?? []).map(\.indexPath) == [at(3), at(4)])
      #expect(layout.examinedItemCount - before <= 4)
    }
  }

  @Test func aSectionProviderMakesEachSectionFromItsIndexAndTheEnvironment() {
    // Section 0: columns 80 wide, as many as the container's width holds (320 / 80 = 4), 80 high.
    // Section 1: 44-high rows. Section 2: nil, so nothing. Then 160 wide: 2 columns.
    var widthsSeen: [CGFloat] = []
    let layout = CollectionViewCompositionalLayout { index, environment in
      let width = environment.container.effectiveContentSize.width
      widthsSeen.append(width)
      switch index {
      case 0:
        let columns = (width / 80).rounded(.down)
        return CollectionLayoutSection(
          group: .horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(80)),
            repeatingSubitem: item(.absolute(80), .fractionalHeight(1)), count: Int(columns)))
      case 1:
        return CollectionLayoutSection(
          group: .vertical(
            layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item(.fractionalWidth(1), .absolute(44))]))
      default:
        return nil
      }
    }
    let (view, _, _) = makeCompositional(counts: [5, 2, 3], layout: layout)
    // Section 0: rows at 0 and 80; section 1 from 160.
    #expect(
      itemFrames(view, section: 0) == [
        rect(0, 0, 80, 80), rect(80, 0, 80, 80), rect(160, 0, 80, 80), rect(240, 0, 80, 80), rect(0, 80, 80, 80),
      ])
    #expect(itemFrames(view, section: 1) == [rect(0, 160, 320, 44), rect(0, 204, 320, 44)])
    #expect(itemFrames(view, section: 2) == [.null, .null, .null])
    #expect(view.contentSize.height == 248)
    #expect(widthsSeen == [320, 320, 320])
    view.frame = rect(0, 0, 160, 480)
    // Three rows of two: 0, 80, 160; section 1 from 240.
    #expect(
      itemFrames(view, section: 0).map(\.origin) == [
        CGPoint(x: 0, y: 0), CGPoint(x: 80, y: 0), CGPoint(x: 0, y: 80), CGPoint(x: 80, y: 80), CGPoint(x: 0, y: 160),
      ])
    #expect(itemFrames(view, section: 1).first == rect(0, 240, 160, 44))
  }
}
