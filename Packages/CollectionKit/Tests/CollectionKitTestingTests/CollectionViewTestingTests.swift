import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// A cell that shows a title.
final class TitleCell: CollectionViewCell, CollectionSnapshotDescribable {
  var title = ""
  var textSnapshotDescription: String { "\"\(title)\"" }
}

/// Rows of titles in sections, bound to ``TitleCell``s.
@MainActor
final class TitlesDataSource: CollectionViewDataSource {
  var sections: [[String]]
  init(_ sections: [[String]]) { self.sections = sections }
  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "title", for: indexPath)
    (cell as? TitleCell)?.title = sections[indexPath[0]][indexPath[1]]
    return cell
  }
}

/// A delegate that records the selection calls.
@MainActor
final class CallsDelegate: CollectionViewDelegate {
  var calls: [String] = []
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    calls.append("shouldHighlight")
    return true
  }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    calls.append("shouldSelect \(indexPath[1])")
    return true
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    calls.append("didSelect \(indexPath[1])")
  }
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    calls.append("shouldDeselect \(indexPath[1])")
    return true
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    calls.append("didDeselect \(indexPath[1])")
  }
}

@MainActor private var kept: [AnyObject] = []

@MainActor
func makeGrid(_ sections: [[String]], height: CGFloat = 110) -> (CollectionView, CallsDelegate) {
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: CollectionViewFlowLayout())
  view.register(TitleCell.self, forCellWithReuseIdentifier: "title")
  let dataSource = TitlesDataSource(sections)
  let delegate = CallsDelegate()
  kept += [dataSource, delegate]
  view.dataSource = dataSource
  view.delegate = delegate
  return (view, delegate)
}

func item(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(indexes: [section, item]) }

@MainActor
@Suite struct CollectionViewTestingTests {
  let titles = [(0..<30).map { "Track \($0)" }, ["Last"]]

  @Test func selectItemRunsTheTapWithoutHighlightAsFleetDoes() throws {
    let (view, delegate) = makeGrid(titles)
    try view.selectItem(at: item(0))
    try view.selectItem(at: item(3))
    #expect(
      delegate.calls == [
        "shouldSelect 0", "didSelect 0", "shouldSelect 3", "shouldDeselect 0", "didDeselect 0", "didSelect 3",
      ])
    #expect(view.indexPathsForSelectedItems == [item(3)])
  }

  @Test func deselectItemAsksAndTellsTheDelegate() throws {
    let (view, delegate) = makeGrid(titles)
    try view.selectItem(at: item(1))
    delegate.calls = []
    try view.deselectItem(at: item(1))
    #expect(delegate.calls == ["shouldDeselect 1", "didDeselect 1"])
    #expect(throws: CollectionViewError.interactionRejected(item: 1, section: 0, reason: "Item is not selected.")) {
      try view.deselectItem(at: item(1))
    }
  }

  @Test func fetchCellScrollsTheItemIntoViewAndReturnsTheDisplayedCell() throws {
    let (view, _) = makeGrid(titles)
    let cell = try view.fetchCell(at: item(0, 1), asType: TitleCell.self)
    #expect(cell.title == "Last")
    #expect(view.cellForItem(at: item(0, 1)) === cell)
    #expect(view.contentOffset.y > 0)
  }

  @Test func reuseKeepsTheCellsCreatedNearTheNumberVisible() throws {
    let (view, _) = makeGrid([(0..<10_000).map { "\($0)" }])
    for index in stride(from: 0, to: 10_000, by: 97) { _ = try view.fetchCell(at: item(index)) }
    #expect(view.createdViewCount <= 15)
    #expect(view.createdViewCount == view.visibleCells.count + view.reusableCellCount)
  }

  @Test func aTextSnapshotShowsEachCellAtItsFrameWithItsState() throws {
    let (view, _) = makeGrid([["A", "B", "C", "D", "E", "F"]], height: 60)
    try view.selectItem(at: item(1))
    #expect(
      view.textSnapshot() == """
        CollectionView 320 × 60 at 0, 0; content 320 × 110
        0.0 (0, 0, 50, 50) "A"
        0.1 (67.5, 0, 50, 50) "B" · selected
        0.2 (135, 0, 50, 50) "C"
        0.3 (202.5, 0, 50, 50) "D"
        0.4 (270, 0, 50, 50) "E"
        """)
  }

  @Test func aTextSnapshotShowsACellsContentConfigurationWhenItDoesNotDescribeItself() throws {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 120, height: 50), collectionViewLayout: CollectionViewFlowLayout())
    let registration = CollectionView.CellRegistration<CollectionViewCell, String> { cell, _, title in
      cell.contentConfiguration = ListContentConfiguration(text: title, secondaryText: "3:45")
    }
    let dataSource = ConfiguredDataSource(titles: ["Hello", "Wonderwall"], registration: registration)
    view.dataSource = dataSource
    #expect(
      view.textSnapshot() == """
        CollectionView 120 × 50 at 0, 0; content 120 × 50
        0.0 (0, 0, 50, 50) \(ListContentConfiguration(text: "Hello", secondaryText: "3:45").summary)
        0.1 (70, 0, 50, 50) \(ListContentConfiguration(text: "Wonderwall", secondaryText: "3:45").summary)
        """)
  }
}

/// Titles bound through a cell registration that sets each cell's content configuration.
@MainActor
final class ConfiguredDataSource: CollectionViewDataSource {
  let titles: [String]
  let registration: CollectionView.CellRegistration<CollectionViewCell, String>
  init(titles: [String], registration: CollectionView.CellRegistration<CollectionViewCell, String>) {
    (self.titles, self.registration) = (titles, registration)
  }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: titles[indexPath.item])
  }
}
