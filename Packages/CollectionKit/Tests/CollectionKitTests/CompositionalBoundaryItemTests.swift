import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct CompositionalBoundaryItemTests {
  /// A section of full-width rows 50 high under a 20-high header, which pins if asked to.
  func headedRows(pinned: Bool) -> CollectionViewCompositionalLayout {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    let header = CollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: CollectionView.elementKindSectionHeader,
      alignment: .top)
    header.pinToVisibleBounds = pinned
    section.boundarySupplementaryItems = [header]
    return CollectionViewCompositionalLayout(section: section)
  }

  @Test func boundaryItemsGoAboveBelowAndBesideTheGroupsFollowingTheInsetsAcross() {
    // Insets 10, 20, 10, 20: 280 across from x 20. Header 0–40; groups from 40 + 10 = 50, two 140-wide items a
    // row, rows 50 high: items at y 50, 50, 100. Groups end at 150, inset to 160; the 100-wide footer is centred
    // (x 20 + 90 = 110) at 160–190. The trailing badge takes no room: x 20 + 280 - 30 = 270, y 50.
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = insets(10, 20, 10, 20)
    section.boundarySupplementaryItems = [
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: CollectionView.elementKindSectionHeader,
        alignment: .top),
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.absolute(30), .absolute(30)), elementKind: "badge", alignment: .trailing),
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.absolute(100), .absolute(30)), elementKind: CollectionView.elementKindSectionFooter,
        alignment: .bottom),
    ]
    let (view, layout, _) = makeCompositional(counts: [3], layout: CollectionViewCompositionalLayout(section: section))
    #expect(itemFrames(view) == [rect(20, 50, 140, 50), rect(160, 50, 140, 50), rect(20, 100, 140, 50)])
    let elements = layout.layoutAttributesForElements(in: rect(0, 0, 320, 480)) ?? []
    #expect(
      elements.map {
        $0.representedElementKind.map { $0.hasSuffix("Header") ? "header" : $0.hasSuffix("Footer") ? "footer" : $0 }
          ?? "\($0.indexPath[1])"
      }
        == ["header", "0", "1", "2", "footer", "badge"])
    #expect(
      supplementaryFrames(layout, in: rect(0, 0, 320, 480)) == [
        "header 0": rect(20, 0, 280, 40), "footer 0": rect(110, 160, 100, 30), "badge 0": rect(270, 50, 30, 30),
      ])
    #expect(view.contentSize.height == 190)
    // x 150–170, y 95–165 meets items 0 and 1 (y 50–100), item 2 (x 20–160, y 100–150) and the footer (y 160–190);
    // not the header (0–40) nor the badge (x 270–300).
    let some = layout.layoutAttributesForElements(in: rect(150, 95, 20, 70)) ?? []
    #expect(some.map { $0.representedElementKind == nil ? "\($0.indexPath[1])" : "view" } == ["0", "1", "2", "view"])
    #expect(some.last?.representedElementKind == CollectionView.elementKindSectionFooter)
  }

  @Test func aVisibleHeaderIsAskedOfTheDataSourceAtItsFrame() throws {
    // Two sections of one row: header 0–20, row 20–70; header 70–90, row 90–140.
    let view = CollectionView(frame: rect(0, 0, 320, 100), collectionViewLayout: headedRows(pinned: false))
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    view.dataSource = keep(HeaderDataSource())
    let header = try #require(
      view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: at(0, 1)) as? TitleHeader)
    #expect(header.title == "Section 1")
    #expect(header.frame == rect(0, 70, 320, 20))
  }

  @Test func aPinnedHeaderStaysAtTheTopOfTheBoundsWhileItsSectionIsOnScreen() throws {
    // Section 0 runs 0–70, section 1 70–140; a pinned header stays within its section: y = max(natural,
    // min(offset, section end - 20)).
    let layout = headedRows(pinned: true)
    let view = CollectionView(frame: rect(0, 0, 320, 100), collectionViewLayout: layout)
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    view.dataSource = keep(HeaderDataSource())
    let kind = CollectionView.elementKindSectionHeader
    let rows: [(offset: CGFloat, header0: CGFloat?, header1: CGFloat)] = [
      (0, 0, 70),
      // min(30, 50) = 30.
      (30, 30, 70),
      // Section 0 ends at 70: its header stops at 50, pushed by section 1's.
      (60, 50, 70),
      // Header 0 (50–70) left the bounds (80–180); header 1 pins at 80.
      (80, nil, 80),
    ]
    for row in rows {
      view.contentOffset = CGPoint(x: 0, y: row.offset)
      #expect(view.supplementaryView(forElementKind: kind, at: at(0, 0))?.frame.minY == row.header0)
      #expect(view.supplementaryView(forElementKind: kind, at: at(0, 1))?.frame.minY == row.header1)
      #expect(view.layoutAttributesForSupplementaryElement(ofKind: kind, at: at(0, 1))?.frame.minY == row.header1)
    }
    #expect(layout.shouldInvalidateLayout(forBoundsChange: rect(0, 81, 320, 100)))
    #expect(!headedRows(pinned: false).shouldInvalidateLayout(forBoundsChange: .zero))
  }
}
