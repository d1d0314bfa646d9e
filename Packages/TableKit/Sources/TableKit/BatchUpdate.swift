import Foundation

/// The changes recorded during one batch update, in UIKit's coordinates: deletes and reloads name rows and
/// sections as they were before the update, inserts as they are after it, moves go from before to after.
struct BatchUpdate {
  var rowDeletes: [IndexPath] = []
  var rowInserts: [IndexPath] = []
  var rowReloads: [IndexPath] = []
  var rowMoves: [(from: IndexPath, to: IndexPath)] = []
  var sectionDeletes: [Int] = []
  var sectionInserts: [Int] = []
  var sectionReloads: [Int] = []
  var sectionMoves: [(from: Int, to: Int)] = []
  var reloadDataRequested = false
  var nestedCompletions: [(Bool) -> Void] = []

  var isEmpty: Bool {
    rowDeletes.isEmpty && rowInserts.isEmpty && rowReloads.isEmpty && rowMoves.isEmpty && sectionDeletes.isEmpty
      && sectionInserts.isEmpty && sectionReloads.isEmpty && sectionMoves.isEmpty
  }

  /// Checks the batch against the row counts before and after it, as UIKit does, and works out where every
  /// surviving row goes.
  func resolve(before: [Int], after: [Int]) throws(TableViewError) -> BatchUpdatePlan {
    let paths = rowDeletes + rowInserts + rowReloads + rowMoves.flatMap { [$0.from, $0.to] }
    if let bad = paths.first(where: { $0.count != 2 }) {
      throw .invalidUpdate("Invalid update: \(bad) is not a table index path (a section and a row)")
    }
    let sections = try resolveSections(before: before.count, after: after.count)
    let reloadedSections = Set(sectionReloads)
    var removedRows: [Int: Set<Int>] = [:]  // old section → deleted or moved-out rows
    var fixedRows: [Int: Set<Int>] = [:]  // new section → inserted or moved-in rows
    var movedRows: [IndexPath: IndexPath] = [:]
    var deleted: [Int: Int] = [:]
    var inserted: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    var movedIn: [Int: Int] = [:]

    for path in Set(rowDeletes) {
      try requireRow(path, in: before, verb: "delete row \(path.row) from")
      removedRows[path.section, default: []].insert(path.row)
      deleted[path.section, default: 0] += 1
    }
    let movedFrom = Set(rowMoves.map(\.from))
    for path in Set(rowReloads) {
      try requireRow(path, in: before, verb: "reload row \(path.row) from")
      if removedRows[path.section]?.contains(path.row) == true || movedFrom.contains(path) {
        throw .invalidUpdate(
          "Invalid update: attempt to reload row \(path.describedForUpdate), which is also deleted or moved")
      }
    }
    for path in Set(rowInserts) {
      guard after.indices.contains(path.section), path.row >= 0, path.row < after[path.section] else {
        let count = after.indices.contains(path.section) ? after[path.section] : 0
        throw .invalidUpdate(
          "Invalid update: attempt to insert row \(path.row) into section \(path.section), but there are only "
            + "\(count) rows in section \(path.section) after the update")
      }
      fixedRows[path.section, default: []].insert(path.row)
      inserted[path.section, default: 0] += 1
    }
    for move in rowMoves {
      try requireRow(move.from, in: before, verb: "move row \(move.from.row) from")
      guard after.indices.contains(move.to.section), move.to.row >= 0, move.to.row < after[move.to.section] else {
        throw .invalidUpdate(
          "Invalid update: attempt to move row \(move.from.describedForUpdate) to \(move.to.describedForUpdate), "
            + "which does not exist after the update")
      }
      guard removedRows[move.from.section, default: []].insert(move.from.row).inserted else {
        throw .invalidUpdate(
          "Invalid update: attempt to move row \(move.from.describedForUpdate) which is also deleted or moved")
      }
      guard fixedRows[move.to.section, default: []].insert(move.to.row).inserted else {
        throw .invalidUpdate(
          "Invalid update: attempt to move a row to \(move.to.describedForUpdate), where another row is inserted or "
            + "moved")
      }
      movedRows[move.from] = move.to
      movedOut[move.from.section, default: 0] += 1
      movedIn[move.to.section, default: 0] += 1
    }

    for (newSection, oldSection) in sections.oldSectionForNew.enumerated() {
      guard let oldSection, !reloadedSections.contains(oldSection) else { continue }
      let expected =
        before[oldSection] + inserted[newSection, default: 0] - deleted[oldSection, default: 0]
        + movedIn[newSection, default: 0] - movedOut[oldSection, default: 0]
      guard expected == after[newSection] else {
        throw .invalidUpdate(
          "Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an "
            + "existing section after the update (\(after[newSection])) must be equal to the number of rows "
            + "contained in that section before the update (\(before[oldSection])), plus or minus the number of "
            + "rows inserted or deleted from that section (\(inserted[newSection, default: 0]) inserted, "
            + "\(deleted[oldSection, default: 0]) deleted) and plus or minus the number of rows moved into or out "
            + "of that section (\(movedIn[newSection, default: 0]) moved in, \(movedOut[oldSection, default: 0]) "
            + "moved out).")
      }
    }
    return BatchUpdatePlan(
      newSectionForOld: sections.newSectionForOld,
      reloadedSections: reloadedSections,
      removedRows: removedRows.mapValues { $0.sorted() },
      fixedRows: fixedRows.mapValues { $0.sorted() },
      movedRows: movedRows,
      reloadedRows: Set(rowReloads)
    )
  }

  private func requireRow(_ path: IndexPath, in before: [Int], verb: String) throws(TableViewError) {
    guard before.indices.contains(path.section) else {
      throw .invalidUpdate(
        "Invalid update: attempt to \(verb) section \(path.section), but there are only \(before.count) sections "
          + "before the update")
    }
    guard path.row >= 0, path.row < before[path.section] else {
      throw .invalidUpdate(
        "Invalid update: attempt to \(verb) section \(path.section) which only contains \(before[path.section]) "
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
  let removedRows: [Int: [Int]]
  let fixedRows: [Int: [Int]]
  let movedRows: [IndexPath: IndexPath]
  let reloadedRows: Set<IndexPath>

  /// Where a row from before the update is after it; nil when it was deleted (or its section was).
  func newIndexPath(for old: IndexPath) -> IndexPath? {
    if let moved = movedRows[old] { return moved }
    guard let newSection = newSectionForOld[old.section] else { return nil }
    let removed = removedRows[old.section] ?? []
    if removed.contains(old.row) { return nil }
    let survivorIndex = old.row - removed.count(below: old.row)
    var row = survivorIndex
    for fixed in fixedRows[newSection] ?? [] {
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
