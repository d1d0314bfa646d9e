import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct DiffableDataSourceTests {
  typealias DataSource = CollectionViewDiffableDataSource<String, String>
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  func makeView() -> (CollectionView, DataSource, SpyDelegate) {
    let layout = CollectionViewFlowLayout()
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    let dataSource = keep(
      DataSource(collectionView: view) { view, indexPath, item in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
        (cell as? LabelCell)?.text = item
        return cell
      })
    let spy = keep(SpyDelegate())
    view.delegate = spy
    return (view, dataSource, spy)
  }

  func snapshot(_ sections: [(String, [String])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  func texts(_ view: CollectionView) -> [String] {
    view.visibleCells.map { ($0 as? LabelCell)?.text ?? "?" }
  }

  @Test func itIsTheCollectionViewsDataSource() {
    let (view, dataSource, _) = makeView()
    #expect(view.dataSource === dataSource)
  }

  @Test func applyShowsInsertsDeletesAndMovesKeepingTheCellsOfKeptItems() throws {
    let (view, dataSource, spy) = makeView()
    try dataSource.apply(snapshot([("s", ["a", "b", "c"])]))
    #expect(texts(view) == ["a", "b", "c"])
    let cellC = view.cellForItem(at: at(2))
    view.selectItem(at: at(2), animated: false, scrollPosition: [])
    spy.clear()
    var completed = 0
    try dataSource.apply(snapshot([("s", ["c", "a", "d"])])) { completed += 1 }
    #expect(completed == 1)
    #expect(texts(view) == ["c", "a", "d"])
    #expect(view.cellForItem(at: at(0)) === cellC)
    #expect(view.indexPathsForSelectedItems == [at(0)])
    #expect(spy.calls.contains("didEndDisplaying 0.1"))
    #expect(spy.calls.contains("willDisplay 0.2"))
  }

  @Test(arguments: [false, true])
  func anApplyDiffsKeepingTheCellsAndSelectionOfKeptItemsWhetherOrNotItAnimates(animatingDifferences: Bool) throws {
    let (view, dataSource, spy) = makeView()
    try dataSource.apply(snapshot([("s", ["a", "b", "c"])]), animatingDifferences: animatingDifferences)
    let cellC = try #require(view.cellForItem(at: at(2)))
    view.selectItem(at: at(2), animated: false, scrollPosition: [])
    spy.clear()
    var completed = 0
    try dataSource.apply(snapshot([("s", ["c", "a", "d"])]), animatingDifferences: animatingDifferences) {
      completed += 1
    }
    #expect(completed == 1)
    #expect(texts(view) == ["c", "a", "d"])
    #expect(view.cellForItem(at: at(0)) === cellC)
    #expect(view.indexPathsForSelectedItems == [at(0)])
    // Only b's cell ended and only d's began: a reload would have ended and begun them all.
    #expect(spy.calls == ["willDisplay 0.2", "didEndDisplaying 0.1"])
  }

  @Test func duplicateIdentifiersThrowUIKitsMessageAndChangeNothing() throws {
    let (view, dataSource, _) = makeView()
    try dataSource.apply(snapshot([("s", ["a", "b"])]))
    let cells = view.visibleCells.map(ObjectIdentifier.init)
    var bad = dataSource.snapshot()
    bad.appendItems(["b", "c", "c"])
    let misuse: CollectionViewError? = bad.firstMisuse
    let message = try #require(misuse?.description)
    #expect(message.hasPrefix("Supplied item identifiers are not unique."))
    var completed = false
    #expect(throws: CollectionViewError.invalidSnapshot(message)) {
      try dataSource.apply(bad) { completed = true }
    }
    #expect(throws: CollectionViewError.invalidSnapshot(message)) {
      try dataSource.applySnapshotUsingReloadData(bad)
    }
    #expect(!completed)
    #expect(dataSource.snapshot().itemIdentifiers == ["a", "b"])
    #expect(texts(view) == ["a", "b"])
    #expect(view.visibleCells.map(ObjectIdentifier.init) == cells)
  }

  @Test func reconfigureKeepsTheCellAndReloadReplacesIt() throws {
    let (view, dataSource, _) = makeView()
    try dataSource.apply(snapshot([("s", ["a", "b"])]))
    let cellA = try #require(view.cellForItem(at: at(0)) as? LabelCell)
    let cellB = try #require(view.cellForItem(at: at(1)))
    cellA.text = "stale"
    var next = dataSource.snapshot()
    next.reconfigureItems(["a"])
    next.reloadItems(["b"])
    try dataSource.apply(next)
    #expect(view.cellForItem(at: at(0)) === cellA)
    #expect(cellA.text == "a")
    #expect(view.cellForItem(at: at(1)) !== cellB)
    #expect(texts(view) == ["a", "b"])
  }

  @Test func identifiersAndIndexPathsAnswerEachOther() throws {
    let (_, dataSource, _) = makeView()
    try dataSource.apply(snapshot([("first", ["a"]), ("second", ["b", "c"])]))
    #expect(dataSource.itemIdentifier(for: at(1, 1)) == "c")
    #expect(dataSource.indexPath(for: "c") == at(1, 1))
    #expect(dataSource.sectionIdentifier(for: 1) == "second")
    #expect(dataSource.index(for: "second") == 1)
    #expect(dataSource.itemIdentifier(for: at(5, 1)) == nil)
    #expect(dataSource.indexPath(for: "z") == nil)
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
  }

  @Test func applyingInsideABatchUpdateThrowsAndChangesNothing() throws {
    let (view, dataSource, _) = makeView()
    try dataSource.apply(snapshot([("s", ["a"])]))
    var thrown: CollectionViewError?
    try view.performBatchUpdates {
      do throws(CollectionViewError) {
        try dataSource.apply(snapshot([("s", ["a", "b"])]))
      } catch {
        thrown = error
      }
    }
    #expect(
      thrown == .invalidUpdate("Invalid update: a snapshot cannot be applied inside performBatchUpdates(_:completion:)")
    )
    #expect(dataSource.snapshot().itemIdentifiers == ["a"])
    #expect(view.numberOfItems(inSection: 0) == 1)
  }

  @Test func applyUsingReloadDataClearsTheSelectionAndShowsTheSnapshot() throws {
    let (view, dataSource, _) = makeView()
    try dataSource.apply(snapshot([("s", ["a", "b"])]))
    view.selectItem(at: at(0), animated: false, scrollPosition: [])
    var completed = 0
    try dataSource.applySnapshotUsingReloadData(snapshot([("s", ["b", "a"])])) { completed += 1 }
    #expect(completed == 1)
    #expect(texts(view) == ["b", "a"])
    #expect(view.indexPathsForSelectedItems == [])
  }

  @Test func theSupplementaryViewProviderMakesTheHeaders() throws {
    let layout = CollectionViewFlowLayout()
    layout.headerReferenceSize = CGSize(width: 320, height: 20)
    let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    view.register(
      CollectionReusableView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "header")
    let dataSource = keep(
      DataSource(collectionView: view) { view, indexPath, _ in
        view.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
      })
    var asked: [String] = []
    dataSource.supplementaryViewProvider = { view, kind, indexPath in
      asked.append(kind)
      return view.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
    try dataSource.apply(snapshot([("s", ["a"])]))
    #expect(view.supplementaryView(forElementKind: CollectionView.elementKindSectionHeader, at: at(0)) != nil)
    #expect(asked == [CollectionView.elementKindSectionHeader])
    #expect(view.lastDisplayError == nil)
  }
}
