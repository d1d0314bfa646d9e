import Foundation
import ListCore
import Testing

@Suite struct IndexPathTests {
  @Test func anIndexPathKeepsItsRowAndSection() {
    let path = IndexPath(row: 3, section: 1)
    #expect(path.row == 3)
    #expect(path.section == 1)
    #expect(path == IndexPath(indexes: [1, 3]))
  }

  @Test func anIndexPathKeepsItsItemAndSection() {
    let path = IndexPath(item: 4, section: 2)
    #expect(path.item == 4)
    #expect(path.section == 2)
    #expect(path == IndexPath(indexes: [2, 4]))
  }

  /// As in UIKit, an item and a row are two names for an index path's second index.
  @Test func anItemIsTheRowOfTheSameIndexPath() {
    #expect(IndexPath(item: 7, section: 0) == IndexPath(row: 7, section: 0))
    #expect(IndexPath(row: 5, section: 3).item == 5)
    #expect(IndexPath(item: 6, section: 3).row == 6)
  }

  @Test func indexPathsOrderBySectionThenRow() {
    let paths = [IndexPath(row: 0, section: 1), IndexPath(row: 5, section: 0), IndexPath(row: 1, section: 0)]
    #expect(
      paths.sorted() == [IndexPath(row: 1, section: 0), IndexPath(row: 5, section: 0), IndexPath(row: 0, section: 1)])
  }
}
