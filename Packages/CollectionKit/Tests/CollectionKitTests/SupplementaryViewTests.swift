import CollectionKit
import Foundation
import Testing

/// A header that shows a title.
final class TitleHeader: CollectionReusableView {
  var title = ""
}

/// A data source that also gives headers from a registration.
@MainActor
final class HeaderDataSource: CollectionViewDataSource {
  let registration = CollectionView.SupplementaryRegistration<TitleHeader>(
    elementKind: CollectionView.elementKindSectionHeader
  ) { header, _, indexPath in header.title = "Section \(indexPath[0])" }

  func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
  }
}

@MainActor
@Suite struct SupplementaryViewTests {
  func makeView(height: CGFloat) -> (CollectionView, SpyDelegate) {
    let layout = CollectionViewFlowLayout()
    layout.headerReferenceSize = CGSize(width: 0, height: 20)
    let view = CollectionView(frame: rect(0, 0, 320, height), collectionViewLayout: layout)
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    view.dataSource = keep(HeaderDataSource())
    let spy = keep(SpyDelegate())
    view.delegate = spy
    return (view, spy)
  }

  @Test func visibleHeadersAreDequeuedFromTheirRegistrationAndDisplayed() throws {
    // Section 0: header 0–20, item 20–70; section 1: header 70–90, item 90–140.
    let (view, spy) = makeView(height: 80)
    let header = try #require(
      view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: at(0, 1)) as? TitleHeader)
    #expect(header.title == "Section 1")
    #expect(spy.calls == ["willDisplay header 0", "willDisplay 0.0", "willDisplay header 1"])
    view.contentOffset = CGPoint(x: 0, y: 30)
    #expect(spy.calls.suffix(2) == ["willDisplay 1.0", "didEndDisplaying header 0"].reversed())
  }

  @Test func aDataSourceWithoutSupplementaryViewsShowsNoneAndRecordsUIKitsError() {
    let (view, _, _) = makeFlow(counts: [1]) { $0.headerReferenceSize = CGSize(width: 0, height: 20) }
    #expect(view.visibleCells.count == 1)
    #expect(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: at(0)) == nil)
    #expect(
      view.lastDisplayError
        == .supplementaryViewNotDequeued(kind: CollectionView.elementKindSectionHeader, item: 0, section: 0))
  }
}
