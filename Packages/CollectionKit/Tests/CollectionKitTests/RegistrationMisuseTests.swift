import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct RegistrationMisuseTests {
  /// A grid of 50 × 50 items whose diffable cell provider makes its cells with `dequeue`.
  func makeGrid(
    items: [String], dequeue: @escaping (CollectionView, IndexPath, String) -> CollectionViewCell
  ) throws -> (CollectionView, CollectionViewDiffableDataSource<Int, String>) {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    let dataSource = keep(CollectionViewDiffableDataSource<Int, String>(collectionView: view, cellProvider: dequeue))
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    try dataSource.apply(snapshot)
    return (view, dataSource)
  }

  @Test func aRegistrationMadeInsideTheCellProviderShowsNoCellAndRecordsUIKitsMessage() throws {
    let (view, _) = try makeGrid(items: ["a", "b"]) { view, indexPath, item in
      let registration = CollectionView.CellRegistration<LabelCell, String> { cell, _, item in cell.text = item }
      return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    #expect(view.visibleCells.isEmpty)
    #expect(view.lastDisplayError == .registrationCreatedDuringCellRequest)
    #expect(
      view.lastDisplayError?.description.hasPrefix(
        "Attempted to dequeue a cell using a registration that was created inside collectionView(_:cellForItemAt:)")
        == true)
    #expect(throws: CollectionViewError.registrationCreatedDuringCellRequest) {
      try view.fetchCell(at: IndexPath(item: 0, section: 0))
    }
  }

  @Test func aRegistrationMadeUpFrontAndFirstUsedInsideTheCellProviderIsFine() throws {
    let registration = CollectionView.CellRegistration<LabelCell, String> { cell, _, item in cell.text = item }
    let (view, _) = try makeGrid(items: ["a", "b"]) { view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    #expect(view.visibleCells.count == 2)
    #expect(view.lastDisplayError == nil)
    #expect((view.cellForItem(at: IndexPath(item: 1, section: 0)) as? LabelCell)?.text == "b")
  }

  @Test func aReconfigureThroughARegistrationMadeInsideTheProviderKeepsTheShownCell() throws {
    let upFront = CollectionView.CellRegistration<LabelCell, String> { cell, _, item in cell.text = item }
    var makeAnew = false
    let (view, dataSource) = try makeGrid(items: ["a", "b"]) { view, indexPath, item in
      guard makeAnew else { return view.dequeueConfiguredReusableCell(using: upFront, for: indexPath, item: item) }
      let registration = CollectionView.CellRegistration<LabelCell, String> { cell, _, item in cell.text = "new" }
      return view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    let shown = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? LabelCell)
    makeAnew = true
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems(["a"])
    try dataSource.apply(snapshot)
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === shown)
    #expect(shown.text == "a")
    #expect(view.lastDisplayError == .registrationCreatedDuringCellRequest)
  }
}
