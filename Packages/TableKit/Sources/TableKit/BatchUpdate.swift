import Foundation

/// The changes recorded during one batch update, in UIKit's coordinates: deletes and reloads name rows and
/// sections as they were before the update, inserts as they are after it, moves go from before to after.
struct BatchUpdate {
  var rowDeletes: [IndexPath] = []
  var rowInserts: [IndexPath] = []
  var rowReloads: [IndexPath] = []
  var rowReconfigures: [IndexPath] = []
  var rowMoves: [(from: IndexPath, to: IndexPath)] = []
  var sectionDeletes: [Int] = []
  var sectionInserts: [Int] = []
  var sectionReloads: [Int] = []
  var sectionMoves: [(from: Int, to: Int)] = []
  var reloadDataRequested = false
  var nestedCompletions: [(Bool) -> Void] = []

  var isEmpty: Bool {
    rowDeletes.isEmpty && rowInserts.isEmpty && rowReloads.isEmpty && rowReconfigures.isEmpty && rowMoves.isEmpty
      && sectionDeletes.isEmpty
      && sectionInserts.isEmpty && sectionReloads.isEmpty && sectionMoves.isEmpty
  }

  /// Checks the batch against the row counts before and after it, as UIKit does, and works out where every
  /// surviving row goes.
  ///
  /// Linear in the number of changes plus the rows of the sections they name: rows are marked in per-section
  /// arrays rather than hashed, since a sort of a large table moves every row.
  func resolve(before: [Int], after: [Int]) throws(TableViewError) -> BatchUpdatePlan {
    for paths in [rowDeletes, rowInserts, rowReloads, rowReconfigures] {
      if let bad = paths.first(where: { $0.count != 2 }) { throw Self.notATablePath(bad) }
    }
    for move in rowMoves {
      if move.from.count != 2 { throw Self.notATablePath(move.from) }
      if move.to.count != 2 { throw Self.notATablePath(move.to) }
    }
    let sections = try resolveSections(before: before.count, after: after.count)
    let reloadedSections = Set(sectionReloads)
    var removedRows = RowMarks(rowCounts: before)  // deleted or moved-out rows, and where moved rows go
    var fixedRows = RowMarks(rowCounts: after)  // inserted or moved-in rows
    var deleted = [Int](repeating: 0, count: before.count)
    var inserted = [Int](repeating: 0, count: after.count)
    var movedOut = [Int](repeating: 0, count: before.count)
    var movedIn = [Int](repeating: 0, count: after.count)

    for path in rowDeletes {
      try requireRow(path, in: before, verb: "delete row \(path.row) from")
      // A row deleted twice is deleted once.
      if removedRows.mark(path.row, inSection: path.section, with: RowMarks.deleted) {
        deleted[path.section] += 1
      }
    }
    if !rowReloads.isEmpty {
      let movedFrom = Set(rowMoves.map(\.from))
      for path in rowReloads {
        try requireRow(path, in: before, verb: "reload row \(path.row) from")
        if removedRows.mark(ofRow: path.row, inSection: path.section) != RowMarks.unmarked || movedFrom.contains(path) {
          throw .invalidUpdate(
            "Invalid update: attempt to reload row \(path.describedForUpdate), which is also deleted or moved")
        }
      }
    }
    for path in rowReconfigures {
      try requireRow(path, in: before, verb: "reconfigure row \(path.row) from")
    }
    for path in rowInserts {
      guard after.indices.contains(path.section), path.row >= 0, path.row < after[path.section] else {
        let count = after.indices.contains(path.section) ? after[path.section] : 0
        throw .invalidUpdate(
          "Invalid update: attempt to insert row \(path.row) into section \(path.section), but there are only "
            + "\(count) rows in section \(path.section) after the update")
      }
      if fixedRows.mark(path.row, inSection: path.section, with: RowMarks.inserted) {
        inserted[path.section] += 1
      }
    }
    for move in rowMoves {
      try requireRow(move.from, in: before, verb: "move row \(move.from.row) from")
      guard after.indices.contains(move.to.section), move.to.row >= 0, move.to.row < after[move.to.section] else {
        throw .invalidUpdate(
          "Invalid update: attempt to move row \(move.from.describedForUpdate) to \(move.to.describedForUpdate), "
            + "which does not exist after the update")
      }
      guard removedRows.markMoved(move.from.row, inSection: move.from.section, to: move.to) else {
        throw .invalidUpdate(
          "Invalid update: attempt to move row \(move.from.describedForUpdate) which is also deleted or moved")
      }
      guard fixedRows.mark(move.to.row, inSection: move.to.section, with: RowMarks.inserted) else {
        throw .invalidUpdate(
          "Invalid update: attempt to move a row to \(move.to.describedForUpdate), where another row is inserted or "
            + "moved")
      }
      movedOut[move.from.section] += 1
      movedIn[move.to.section] += 1
    }

    for (newSection, oldSection) in sections.oldSectionForNew.enumerated() {
      guard let oldSection, !reloadedSections.contains(oldSection) else { continue }
      let expected =
        before[oldSection] + inserted[newSection] - deleted[oldSection] + movedIn[newSection] - movedOut[oldSection]
      guard expected == after[newSection] else {
        throw .invalidUpdate(
          "Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an "
            + "existing section after the update (\(after[newSection])) must be equal to the number of rows "
            + "contained in that section before the update (\(before[oldSection])), plus or minus the number of "
            + "rows inserted or deleted from that section (\(inserted[newSection]) inserted, "
            + "\(deleted[oldSection]) deleted) and plus or minus the number of rows moved into or out "
            + "of that section (\(movedIn[newSection]) moved in, \(movedOut[oldSection]) moved out).")
      }
    }
    return BatchUpdatePlan(
      newSectionForOld: sections.newSectionForOld,
      reloadedSections: reloadedSections,
      rowMarks: removedRows,
      removedRows: before.indices.map { removedRows.markedRows(inSection: $0) },
      fixedRows: after.indices.map { fixedRows.markedRows(inSection: $0) },
      reloadedRows: Set(rowReloads)
    )
  }

  private static func notATablePath(_ path: IndexPath) -> TableViewError {
    .invalidUpdate("Invalid update: \(path) is not a table index path (a section and a row)")
  }

  /// Throws unless the row exists before the update; `verb` is made only for the message.
  private func requireRow(
    _ path: IndexPath, in before: [Int], verb: @autoclosure () -> String
  ) throws(TableViewError) {
    guard before.indices.contains(path.section) else {
      throw .invalidUpdate(
        "Invalid update: attempt to \(verb()) section \(path.section), but there are only \(before.count) sections "
          + "before the update")
    }
    guard path.row >= 0, path.row < before[path.section] else {
      throw .invalidUpdate(
        "Invalid update: attempt to \(verb()) section \(path.section) which only contains \(before[path.section]) "
          + "rows before the update")
    }
  }

  private func resolveSections(
    before: Int, after: Int
  ) throws(TableViewError) -> (newSectionForOld: [Int?], oldSectionForNew: [Int?]) {
    var removed = Set<Int>()
    var fixed = Set<Int>()
    var oldForNew = [Int?](repeating: nil, count: after)
    for section in Set(sectionDeletes) {
      guard section >= 0, section < before else {
        throw .invalidUpdate(
          "Invalid update: attempt to delete section \(section), but there are only \(before) sections before the "
            + "update")
      }
      removed.insert(section)
    }
    for section in Set(sectionReloads) where section < 0 || section >= before {
      throw .invalidUpdate(
        "Invalid update: attempt to reload section \(section), but there are only \(before) sections before the "
          + "update")
    }
    let sectionsMovedFrom = Set(sectionMoves.map(\.from))
    let deletedSections = Set(sectionDeletes)
    for section in Set(sectionReloads) where deletedSections.contains(section) || sectionsMovedFrom.contains(section) {
      throw .invalidUpdate("Invalid update: attempt to reload section \(section), which is also deleted or moved")
    }
    for section in Set(sectionInserts) {
      guard section >= 0, section < after else {
        throw .invalidUpdate(
          "Invalid update: attempt to insert section \(section) but there are only \(after) sections after the "
            + "update")
      }
      fixed.insert(section)
    }
    for move in sectionMoves {
      guard move.from >= 0, move.from < before, move.to >= 0, move.to < after else {
        throw .invalidUpdate("Invalid update: attempt to move section \(move.from) to \(move.to), which does not exist")
      }
      guard removed.insert(move.from).inserted, fixed.insert(move.to).inserted else {
        throw .invalidUpdate(
          "Invalid update: attempt to move section \(move.from) to \(move.to), which is also deleted, inserted or "
            + "moved")
      }
      oldForNew[move.to] = move.from
    }
    let insertedCount = Set(sectionInserts).count
    let deletedCount = Set(sectionDeletes).count
    guard after == before + insertedCount - deletedCount else {
      throw .invalidUpdate(
        "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
          + "update (\(after)) must be equal to the number of sections contained in the table view before the "
          + "update (\(before)), plus or minus the number of sections inserted or deleted (\(insertedCount) "
          + "inserted, \(deletedCount) deleted).")
    }
    var survivors = (0..<before).filter { !removed.contains($0) }.makeIterator()
    for newSection in 0..<after where !fixed.contains(newSection) {
      oldForNew[newSection] = survivors.next()
    }
    var newForOld = [Int?](repeating: nil, count: before)
    for (newSection, oldSection) in oldForNew.enumerated() {
      if let oldSection { newForOld[oldSection] = newSection }
    }
    return (newForOld, oldForNew)
  }
}

/// Where the rows of a checked batch update go.
struct BatchUpdatePlan {
  let newSectionForOld: [Int?]
  let reloadedSections: Set<Int>
  /// Old rows deleted or moved out, with where the moved ones go.
  let rowMarks: RowMarks
  /// For each old section, its deleted and moved-out rows, in order.
  let removedRows: [[Int]]
  /// For each new section, its inserted and moved-in rows, in order.
  let fixedRows: [[Int]]
  let reloadedRows: Set<IndexPath>

  /// Where a row from before the update is after it; nil when it was deleted (or its section was).
  func newIndexPath(for old: IndexPath) -> IndexPath? {
    guard rowMarks.contains(old) else { return nil }
    let mark = rowMarks.mark(ofRow: old.row, inSection: old.section)
    if let moved = rowMarks.destination(mark) { return moved }
    guard let newSection = newSectionForOld[old.section], mark == RowMarks.unmarked else { return nil }
    let survivorIndex = old.row - removedRows[old.section].count(below: old.row)
    var row = survivorIndex
    for fixed in fixedRows[newSection] {
      if fixed <= row { row += 1 } else { break }
    }
    return IndexPath(row: row, section: newSection)
  }

  /// Whether a row from before the update gets a new cell and loses its selection (reloaded, or in a
  /// reloaded section).
  func isReloaded(_ old: IndexPath) -> Bool {
    reloadedRows.contains(old) || reloadedSections.contains(old.section)
  }
}

/// A mark for each row of a table's sections: what a batch update does to it.
///
/// A section's marks are made the first time one of its rows is marked, one integer per row: marking a
/// moved row is an array store, where hashing its index path would cost more than the rest of the update.
struct RowMarks {
  /// Nothing happens to the row. (Moved rows have marks of 0 or more.)
  static let unmarked = -1
  /// The row is deleted.
  static let deleted = -2
  /// The row is inserted (or moved in).
  static let inserted = -3

  private let rowCounts: [Int]
  private var marks: [[Int]]
  /// For each section, the rows marked so far, in the order they were marked.
  private var markedRows: [[Int]]

  init(rowCounts: [Int]) {
    self.rowCounts = rowCounts
    marks = Array(repeating: [], count: rowCounts.count)
    markedRows = Array(repeating: [], count: rowCounts.count)
  }

  /// Where moved rows go; a moved row's mark is its destination's index here.
  private var destinations: [IndexPath] = []

  /// Where a moved row goes, if `mark` is a moved row's.
  func destination(_ mark: Int) -> IndexPath? {
    mark >= 0 ? destinations[mark] : nil
  }

  /// Whether the index path names a row of these sections.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && rowCounts.indices.contains(indexPath.section) && indexPath.row >= 0
      && indexPath.row < rowCounts[indexPath.section]
  }

  /// The mark of a row (which must exist), or ``unmarked``.
  func mark(ofRow row: Int, inSection section: Int) -> Int {
    marks[section].isEmpty ? Self.unmarked : marks[section][row]
  }

  /// Marks a row (which must exist) with ``deleted`` or ``inserted``; false, leaving it as it was, if it was
  /// marked already.
  mutating func mark(_ row: Int, inSection section: Int, with mark: Int) -> Bool {
    if marks[section].isEmpty { marks[section] = Array(repeating: Self.unmarked, count: rowCounts[section]) }
    guard marks[section][row] == Self.unmarked else { return false }
    marks[section][row] = mark
    markedRows[section].append(row)
    return true
  }

  /// Marks a row (which must exist) as moved to `destination`; false, leaving it as it was, if it was marked
  /// already.
  mutating func markMoved(_ row: Int, inSection section: Int, to destination: IndexPath) -> Bool {
    guard mark(row, inSection: section, with: destinations.count) else { return false }
    destinations.append(destination)
    return true
  }

  /// The marked rows of a section, in order.
  func markedRows(inSection section: Int) -> [Int] {
    let rows = markedRows[section]
    // Sorting costs more than walking the marks once many rows are marked.
    guard rows.count > rowCounts[section] / 16 else { return rows.sorted() }
    return marks[section].indices.filter { marks[section][$0] != Self.unmarked }
  }

}

extension [Int] {
  /// How many elements of this sorted array are below `value` (binary search).
  fileprivate func count(below value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension IndexPath {
  var describedForUpdate: String { "\(row) in section \(section)" }
}
