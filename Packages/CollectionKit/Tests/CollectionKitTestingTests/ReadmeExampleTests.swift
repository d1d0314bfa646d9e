import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

/// The collection screen and test that README.md and Packages/CollectionKit/README.md show: the test's body is
/// their snippet, line for line, and `Tools/scripts/check-docs` fails when the two drift apart.
@MainActor
@Suite struct ReadmeExampleTests {
  @Test func anAlbumFarDownTheGridIsSelectedByATapAndShowsItsTitleWhenScrolledTo() throws {
    let grid = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    let poster = CollectionView.CellRegistration<CollectionViewCell, String> { cell, _, title in
      cell.contentConfiguration = ListContentConfiguration(text: title)
    }
    let albums = CollectionViewDiffableDataSource<Int, String>(collectionView: grid) { grid, indexPath, title in
      grid.dequeueConfiguredReusableCell(using: poster, for: indexPath, item: title)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems((1...1_000).map { "Album \($0)" })
    try albums.apply(snapshot)  // one checked batch update: a misuse throws, nothing traps
    try grid.selectItem(at: IndexPath(item: 400, section: 0))  // should-select, did-select
    let cell = try grid.fetchCell(at: IndexPath(item: 400, section: 0))  // scrolled into view
    #expect(cell.isSelected && (cell.contentConfiguration as? ListContentConfiguration)?.text == "Album 401")
    #expect(grid.indexPathsForSelectedItems?.compactMap(albums.itemIdentifier) == ["Album 401"])
  }
}
