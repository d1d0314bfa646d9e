import Foundation
import Presentation

/// The page an artist screen shows (its `snapshot`), which its cell provider binds rows from: the table's
/// diffable snapshot holds the same rows' keys in the same order, so a row's index path finds its cell model.
@MainActor
final class ShownPage {
  /// The page shown.
  var page = ArtistPageSnapshot(sections: [], state: .idle)

  /// The cell model at an index path of the shown page, or nil.
  func row(at indexPath: IndexPath) -> ArtistCellModelType? {
    guard page.sections.indices.contains(indexPath.section) else { return nil }
    let rows = page.sections[indexPath.section].rows
    return rows.indices.contains(indexPath.row) ? rows[indexPath.row] : nil
  }
}
