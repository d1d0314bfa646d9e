import Foundation
import TableKit
import Testing

@Suite struct IndexPathTests {
  @Test func anIndexPathKeepsItsRowAndSection() {
    let path = IndexPath(row: 3, section: 1)
    #expect(path.row == 3)
    #expect(path.section == 1)
    #expect(path == IndexPath(indexes: [1, 3]))
  }

  @Test func indexPathsOrderBySectionThenRow() {
    let paths = [IndexPath(row: 0, section: 1), IndexPath(row: 5, section: 0), IndexPath(row: 1, section: 0)]
    #expect(
      paths.sorted() == [IndexPath(row: 1, section: 0), IndexPath(row: 5, section: 0), IndexPath(row: 0, section: 1)])
  }
}
