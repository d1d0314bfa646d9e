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

  /// The keys of the rows that both pages hold, in the same section, with different cell models: what a
  /// diffable snapshot marks to be reconfigured (a diff of keys sees only rows come, go and move).
  ///
  /// It compares each kept row's model with the one shown; a section whose rows share storage with the
  /// shown one's is unchanged (O(1)), one whose keys do is compared row by row, and any other finds each
  /// key's old row through an array indexed by key (keys are small numbers): no hashing, and models compared
  /// where they lie.
  static func keysOfChangedRows(from old: ArtistPageSnapshot, to new: ArtistPageSnapshot) -> [RowKey] {
    var changed: [RowKey] = []
    for section in new.sections {
      guard let before = old.sections.first(where: { $0.id == section.id }),
        !sameStorage(before.rows, section.rows)
      else { continue }
      if sameStorage(before.rowKeys, section.rowKeys) {
        for row in section.rows.indices where before.rows[row] != section.rows[row] {
          changed.append(section.rowKeys[row])
        }
        continue
      }
      let largestKey = max(before.rowKeys.max()?.rawValue ?? -1, section.rowKeys.max()?.rawValue ?? -1)
      guard largestKey >= 0 else { continue }
      var oldRowOfKey = [Int32](repeating: -1, count: largestKey + 1)
      for (row, key) in before.rowKeys.enumerated() { oldRowOfKey[key.rawValue] = Int32(truncatingIfNeeded: row) }
      for (row, key) in section.rowKeys.enumerated() {
        let oldRow = Int(oldRowOfKey[key.rawValue])
        if oldRow >= 0, before.rows[oldRow] != section.rows[row] { changed.append(key) }
      }
    }
    return changed
  }

  /// Whether both pages have the same sections with the same keys in the same storage: then their rows are
  /// in the same places, and only their cell models may differ (O(sections)).
  static func haveTheSameKeys(_ old: ArtistPageSnapshot, _ new: ArtistPageSnapshot) -> Bool {
    old.sections.count == new.sections.count
      && zip(old.sections, new.sections).allSatisfy { $0.id == $1.id && sameStorage($0.rowKeys, $1.rowKeys) }
  }

  /// Whether two arrays are one storage (then they hold the same elements).
  private static func sameStorage<Element>(_ first: [Element], _ second: [Element]) -> Bool {
    guard first.count == second.count else { return false }
    guard !first.isEmpty else { return true }
    return first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
    }
  }
}
