import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct CompositionalQueryTests {
  /// Sections that exercise every way a query picks groups: spacing, insets, nesting, an orthogonal row, an
  /// empty section and a boundary item.
  func mixedLayout() -> CollectionViewCompositionalLayout {
    CollectionViewCompositionalLayout { index, _ in
      let cell = item(.fractionalWidth(0.3), .fractionalHeight(1))
      cell.contentInsets = insets(3, 3, 3, 3)
      switch index % 3 {
      case 0:
        let group = CollectionLayoutGroup.horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(70)), subitems: [cell])
        group.interItemSpacing = .flexible(5)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = insets(7, 11, 13, 17)
        section.interGroupSpacing = 9
        section.boundarySupplementaryItems = [
          CollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(25)), elementKind: CollectionView.elementKindSectionHeader,
            alignment: .top)
        ]
        return section
      case 1:
        let column = CollectionLayoutGroup.vertical(
          layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
          subitems: [item(.fractionalWidth(1), .fractionalHeight(0.25))])
        let group = CollectionLayoutGroup.horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(160)), subitems: [column, cell])
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = 4
        return section
      default:
        let group = CollectionLayoutGroup.horizontal(
          layoutSize: size(.fractionalWidth(0.45), .absolute(90)), repeatingSubitem: cell, count: 2)
        let section = CollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = 6
        section.contentInsets = insets(0, 8, 0, 8)
        return section
      }
    }
  }

  @Test func everyQueryAnswersTheItemsWhoseFramesOverlapItsRectangleAndNoOthers() {
    let (view, layout, _) = makeCompositional(counts: [23, 0, 31, 17, 9, 40], layout: mixedLayout())
    let content = view.contentSize
    var all: [(IndexPath, CGRect)] = []
    for section in 0..<view.numberOfSections {
      for (item, frame) in itemFrames(view, section: section).enumerated() { all.append((at(item, section), frame)) }
    }
    // A fixed walk of rectangles of many sizes over and past the content.
    var seed: UInt64 = 0x5EED
    func next(_ bound: CGFloat) -> CGFloat {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return CGFloat(seed >> 33) / CGFloat(1 << 31) * bound
    }
    for _ in 0..<300 {
      let probe = rect(next(900) - 100, next(content.height + 200) - 100, next(400), next(600))
      let found = (layout.layoutAttributesForElements(in: probe) ?? []).filter { $0.representedElementKind == nil }
      let expected = all.filter {
        $0.1.width > 0 && $0.1.height > 0 && $0.1.intersects(probe) && !$0.1.intersection(probe).isEmpty
      }
      .map(\.0)
      #expect(found.map(\.indexPath) == expected, "\(probe)")
      #expect(found.allSatisfy { view.layoutAttributesForItem(at: $0.indexPath)?.frame == $0.frame })
    }
  }
}
