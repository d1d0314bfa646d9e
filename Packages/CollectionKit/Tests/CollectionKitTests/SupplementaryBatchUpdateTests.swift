import CollectionKit
import Foundation
import Testing

private let header = "CollectionElementKindSectionHeader"

@MainActor
@Suite struct SupplementaryBatchUpdateTests {
  /// Sections of one item each under a 20-high header: section s spans 70s ..< 70s + 70 (header, then its item).
  func makeView(sections: Int, height: CGFloat) -> (CollectionView, HeadedCountsDataSource, SpyDelegate) {
    let (view, _, dataSource) = makeHeadedFlow(height: height, counts: Array(repeating: 1, count: sections)) {
      $0.headerReferenceSize = CGSize(width: 0, height: 20)
    }
    let spy = keep(SpyDelegate())
    view.delegate = spy
    _ = view.visibleCells
    spy.clear()
    return (view, dataSource, spy)
  }

  @Test func aHeaderStaysTheSameViewWhenASectionIsInsertedBeforeIt() throws {
    let (view, dataSource, spy) = makeView(sections: 2, height: 480)
    let first = try #require(view.supplementaryView(forElementKind: header, at: at(0, 0)))
    let second = try #require(view.supplementaryView(forElementKind: header, at: at(0, 1)))
    dataSource.counts = [1, 1, 1]
    try view.performBatchUpdates { view.insertSections([0]) }
    // The old sections are now 1 and 2: their headers moved to 70 and 140.
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 1)) === first)
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 2)) === second)
    #expect(first.frame == rect(0, 70, 320, 20))
    #expect(second.frame == rect(0, 140, 320, 20))
    let inserted = try #require(view.supplementaryView(forElementKind: header, at: at(0, 0)))
    #expect(inserted !== first && inserted !== second)
    #expect(spy.calls == ["willDisplay header 0", "willDisplay 0.0"])
  }

  @Test func aDeletedSectionsHeaderEndsItsDisplayAfterTheViewsThatTakeItsPlace() throws {
    // 100 high: sections 0 (0 ..< 70) and 1 (70 ..< 140) show; section 2 starts at 140.
    let (view, dataSource, spy) = makeView(sections: 3, height: 100)
    let kept = try #require(view.supplementaryView(forElementKind: header, at: at(0, 1)))
    dataSource.counts = [1, 1]
    try view.performBatchUpdates { view.deleteSections([0]) }
    // Old section 1 is section 0; old section 2 (now 1) moves up into view.
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 0)) === kept)
    #expect(
      spy.calls == ["willDisplay header 1", "willDisplay 1.0", "didEndDisplaying 0.0", "didEndDisplaying header 0"])
  }

  @Test func aReloadedSectionGetsANewHeader() throws {
    let (view, _, spy) = makeView(sections: 2, height: 480)
    let old = try #require(view.supplementaryView(forElementKind: header, at: at(0, 1)))
    try view.performBatchUpdates { view.reloadSections([1]) }
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 1)) !== old)
    #expect(
      spy.calls == ["willDisplay header 1", "willDisplay 1.0", "didEndDisplaying 1.0", "didEndDisplaying header 1"])
  }

  @Test func aMovedSectionTakesItsHeaderAlong() throws {
    let (view, _, spy) = makeView(sections: 2, height: 480)
    let first = try #require(view.supplementaryView(forElementKind: header, at: at(0, 0)))
    try view.performBatchUpdates { view.moveSection(0, toSection: 1) }
    #expect(view.supplementaryView(forElementKind: header, at: at(0, 1)) === first)
    #expect(first.frame == rect(0, 70, 320, 20))
    #expect(spy.calls.isEmpty)
  }
}
