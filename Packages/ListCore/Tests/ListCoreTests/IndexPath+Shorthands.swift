import Foundation
import ListCore

extension IndexPath {
  /// A table's row in a section (the first by default): `.row(3)`, `.row(0, 1)`.
  static func row(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

  /// A collection view's item in a section (the first by default): `.item(3)`, `.item(0, 1)`.
  static func item(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }
}
