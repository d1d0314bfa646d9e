import CollectionKit
import CollectionKitSnapshotTesting
import CollectionKitTesting
import Foundation
import SnapshotTesting
import Testing

/// A grid of posters under a header, bound through a cell registration and list content configurations.
@MainActor
@Suite struct CollectionTextSnapshotTests {
  let posters = (1...40).map { "Album \($0)" }

  func makeGrid() throws -> (CollectionView, CollectionViewDiffableDataSource<String, String>) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 96, height: 140)
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    layout.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
    let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    let poster = CollectionView.CellRegistration<CollectionViewCell, String> { cell, _, title in
      var content = ListContentConfiguration.cell()
      content.text = title
      content.image = .named("square.stack")
      cell.contentConfiguration = content
    }
    let header = CollectionView.SupplementaryRegistration<CollectionReusableView>(
      elementKind: CollectionView.elementKindSectionHeader
    ) { _, _, _ in }
    let dataSource = CollectionViewDiffableDataSource<String, String>(collectionView: grid) { view, indexPath, title in
      view.dequeueConfiguredReusableCell(using: poster, for: indexPath, item: title)
    }
    dataSource.supplementaryViewProvider = { view, _, indexPath in
      view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["Albums"])
    snapshot.appendItems(posters)
    try dataSource.apply(snapshot)
    return (grid, dataSource)
  }

  @Test func theFirstScreenOfPostersWithASelection() throws {
    let (grid, dataSource) = try makeGrid()
    try grid.selectItem(at: IndexPath(item: 4, section: 0))
    assertSnapshot(of: grid, as: .text)
    _ = dataSource
  }

  @Test func scrolledToTheLastPoster() throws {
    let (grid, dataSource) = try makeGrid()
    grid.scrollToItem(at: IndexPath(item: 39, section: 0), at: .bottom, animated: false)
    assertSnapshot(of: grid, as: .text)
    _ = dataSource
  }
}
