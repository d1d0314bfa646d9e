import Foundation

extension Changeset {
  /// The changes from `old` to `new`, matching sections and items by identifier.
  ///
  /// Expected time is linear in the number of items (hash maps from identifier to position), plus
  /// O(k log k) to choose, among the k items kept in a section, the longest run that keeps its order: those
  /// stay, the others are moves, so moves are as few as possible. Items move across sections too. A kept
  /// item whose value changed is reloaded if it stays, or deleted and inserted if it moves (a batch update
  /// cannot both move and reload a row).
  ///
  /// Duplicate identifiers never crash: within a snapshot the first occurrence is matched, and later ones
  /// are treated as different items (deleted from the old snapshot, inserted into the new one). The same
  /// holds for duplicate section identifiers.
  public static func difference<SectionID: Hashable, Item: Identifiable & Equatable>(
    from old: [DiffableSection<SectionID, Item>],
    to new: [DiffableSection<SectionID, Item>]
  ) -> Changeset {
    var changeset = Changeset()
    let sections = matchSections(old.map(\.id), new.map(\.id))
    changeset.sectionDeletes = IndexSet(old.indices.filter { sections.newForOld[$0] == nil })
    changeset.sectionInserts = IndexSet(new.indices.filter { sections.oldForNew[$0] == nil })
    let keptSections = new.indices.compactMap { newIndex in sections.oldForNew[newIndex].map { ($0, newIndex) } }
    let stayingSections = Set(longestIncreasingRun(keptSections.map(\.0)).map { keptSections[$0].0 })
    changeset.sectionMoves = keptSections.filter { !stayingSections.contains($0.0) }.map {
      SectionMove(from: $0.0, to: $0.1)
    }

    // Where each item of a kept old section was (first occurrence of each identifier only).
    var oldPositions: [Item.ID: IndexPath] = [:]
    oldPositions.reserveCapacity(old.reduce(0) { $0 + $1.items.count })
    for (section, contents) in old.enumerated() where sections.newForOld[section] != nil {
      for (row, item) in contents.items.enumerated() where oldPositions[item.id] == nil {
        oldPositions[item.id] = IndexPath(row: row, section: section)
      }
    }

    // Match the items of kept new sections; group the matches by new section.
    var matchedOld = Set<IndexPath>()
    matchedOld.reserveCapacity(oldPositions.count)
    for (newSection, contents) in new.enumerated() {
      guard let sameSection = sections.oldForNew[newSection] else { continue }
      var inPlaceCandidates: [(old: Int, new: Int)] = []
      var matches: [(old: IndexPath, new: IndexPath, changed: Bool)] = []
      for (row, item) in contents.items.enumerated() {
        let newPath = IndexPath(row: row, section: newSection)
        guard let oldPath = oldPositions[item.id], matchedOld.insert(oldPath).inserted else {
          changeset.rowInserts.append(newPath)
          continue
        }
        let changed = old[oldPath.section].items[oldPath.row] != item
        matches.append((oldPath, newPath, changed))
        if oldPath.section == sameSection { inPlaceCandidates.append((oldPath.row, row)) }
      }
      // Among items that stay in the same section, keep the longest run in order; the rest move.
      inPlaceCandidates.sort { $0.old < $1.old }
      let staying = Set(longestIncreasingRun(inPlaceCandidates.map(\.new)).map { inPlaceCandidates[$0].new })
      for match in matches {
        if match.old.section == sameSection, staying.contains(match.new.row) {
          if match.changed { changeset.rowReloads.append(match.old) }
        } else if match.changed {
          changeset.rowDeletes.append(match.old)
          changeset.rowInserts.append(match.new)
        } else {
          changeset.rowMoves.append(RowMove(from: match.old, to: match.new))
        }
      }
    }
    for (section, contents) in old.enumerated() where sections.newForOld[section] != nil {
      for row in contents.items.indices {
        let path = IndexPath(row: row, section: section)
        if !matchedOld.contains(path) { changeset.rowDeletes.append(path) }
      }
    }
    changeset.rowDeletes.sort()
    changeset.rowInserts.sort()
    changeset.rowReloads.sort()
    return changeset
  }

  /// The changes from one section of items to another.
  public static func difference<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
    difference(from: [DiffableSection(id: 0, items: old)], to: [DiffableSection(id: 0, items: new)])
  }

  private static func matchSections<SectionID: Hashable>(
    _ old: [SectionID], _ new: [SectionID]
  ) -> (newForOld: [Int?], oldForNew: [Int?]) {
    var oldIndex: [SectionID: Int] = [:]
    for (index, id) in old.enumerated() where oldIndex[id] == nil { oldIndex[id] = index }
    var newForOld = [Int?](repeating: nil, count: old.count)
    var oldForNew = [Int?](repeating: nil, count: new.count)
    for (index, id) in new.enumerated() {
      guard let match = oldIndex.removeValue(forKey: id) else { continue }
      newForOld[match] = index
      oldForNew[index] = match
    }
    return (newForOld, oldForNew)
  }

  /// The indices of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []  // index into values of the smallest tail of each run length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var run: [Int] = []
    var index = tails.last ?? -1
    while index >= 0 {
      run.append(index)
      index = previous[index]
    }
    return run.reversed()
  }
}
