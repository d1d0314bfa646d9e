import Foundation

extension BatchUpdate {
  /// Checks the section changes against the section counts before and after the update, and matches the sections
  /// before to the sections after.
  func resolveSections(
    before: Int, after: Int, wording: Wording
  ) throws(InvalidBatchUpdate) -> (newSectionForOld: [Int?], oldSectionForNew: [Int?]) {
    var removed = Set<Int>()
    var fixed = Set<Int>()
    var oldForNew = [Int?](repeating: nil, count: after)
    for section in Set(sectionDeletes) {
      guard section >= 0, section < before else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to delete section \(section), but there are only \(before) sections before the "
            + "update")
      }
      removed.insert(section)
    }
    for section in Set(sectionReloads) where section < 0 || section >= before {
      throw InvalidBatchUpdate(
        "Invalid update: attempt to reload section \(section), but there are only \(before) sections before the "
          + "update")
    }
    let sectionsMovedFrom = Set(sectionMoves.map(\.from))
    let deletedSections = Set(sectionDeletes)
    for section in Set(sectionReloads) where deletedSections.contains(section) || sectionsMovedFrom.contains(section) {
      throw InvalidBatchUpdate("Invalid update: attempt to reload section \(section), which is also deleted or moved")
    }
    for section in Set(sectionInserts) {
      guard section >= 0, section < after else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to insert section \(section) but there are only \(after) sections after the "
            + "update")
      }
      fixed.insert(section)
    }
    for move in sectionMoves {
      guard move.from >= 0, move.from < before, move.to >= 0, move.to < after else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to move section \(move.from) to \(move.to), which does not exist")
      }
      guard removed.insert(move.from).inserted, fixed.insert(move.to).inserted else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to move section \(move.from) to \(move.to), which is also deleted, inserted or "
            + "moved")
      }
      oldForNew[move.to] = move.from
    }
    let insertedCount = Set(sectionInserts).count
    let deletedCount = Set(sectionDeletes).count
    guard after == before + insertedCount - deletedCount else {
      throw InvalidBatchUpdate(
        "Invalid update: invalid number of sections. The number of sections contained in the \(wording.view) after "
          + "the update (\(after)) must be equal to the number of sections contained in the \(wording.view) before the "
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
