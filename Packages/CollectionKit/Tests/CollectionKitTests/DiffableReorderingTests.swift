import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct DiffableReorderingTests {
  typealias DataSource = CollectionViewDiffableDataSource<String, String>

  func makeDataSource() throws -> (CollectionView, DataSource) {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    let dataSource = keep(
      DataSource(collectionView: view) { view, indexPath, _ in
        view.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
      })
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(["a", "b", "c"])
    try dataSource.apply(snapshot)
    return (view, dataSource)
  }

  @Test func withoutACanReorderHandlerNoItemCanMove() throws {
    let (view, dataSource) = try makeDataSource()
    #expect(!dataSource.collectionView(view, canMoveItemAt: at(0)))
    dataSource.reorderingHandlers.canReorderItem = { $0 == "b" }
    #expect(!dataSource.collectionView(view, canMoveItemAt: at(0)))
    #expect(dataSource.collectionView(view, canMoveItemAt: at(1)))
    #expect(!dataSource.collectionView(view, canMoveItemAt: at(7)))
  }

  @Test func aMoveOutsideAnInteractiveMovementTellsBothHandlersAtOnce() throws {
    let (view, dataSource) = try makeDataSource()
    var calls: [String] = []
    dataSource.reorderingHandlers.willReorder = { calls.append("will \($0.finalSnapshot.itemIdentifiers)") }
    dataSource.reorderingHandlers.didReorder = { calls.append("did \($0.initialSnapshot.itemIdentifiers)") }
    dataSource.collectionView(view, moveItemAt: at(2), to: at(0))
    #expect(calls == [#"will ["c", "a", "b"]"#, #"did ["a", "b", "c"]"#])
    #expect(dataSource.snapshot().itemIdentifiers == ["c", "a", "b"])
    // Nowhere, or from nothing: nothing happens.
    dataSource.collectionView(view, moveItemAt: at(1), to: at(1))
    dataSource.collectionView(view, moveItemAt: at(5), to: at(0))
    dataSource.collectionView(view, moveItemAt: at(0), to: at(3))
    #expect(calls.count == 2)
  }
}
