import Foundation

extension Changeset {
  /// The changes from `old` to `new`, matching sections and items by identifier.
  ///
  /// Expected time is linear in the number of items (a hash map from identifier to position), plus
  /// O(k log k) to choose, among the k items kept in a section, the longest run that keeps its order: those
  /// stay, the others are moves, so moves are as few as possible. Items move across sections too. A kept
  /// item whose value changed is reloaded if it stays, or deleted and inserted if it moves (a batch update
  /// cannot both move and reload a row).
  ///
  /// Duplicate identifiers never crash: within a snapshot the first occurrence is matched, and later ones
  /// are treated as different items (deleted from the old snapshot, inserted into the new one). The same
  /// holds for duplicate section identifiers.
  @inlinable
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

    // Old rows are numbered across the whole snapshot ("flat" indices), which keeps the hot loops on arrays
    // of integers; index paths are made only for the rows that change.
    var old = FlatSnapshot(old)
    var oldPositions: [Item.ID: Int32] = [:]
    oldPositions.reserveCapacity(old.count)
    // Backwards, so that the first occurrence of a duplicate identifier is the one that remains.
    for section in old.sections.indices.reversed() where sections.newForOld[section] != nil {
      for (row, item) in old.sections[section].items.enumerated().reversed() {
        oldPositions[item.id] = Int32(truncatingIfNeeded: old.starts[section] + row)
      }
    }

    for (newSection, contents) in new.enumerated() {
      guard let sameSection = sections.oldForNew[newSection] else { continue }
      var matchedHere: [Int] = []
      matchedHere.reserveCapacity(contents.items.count)
      var insertedRows: [Int] = []
      for (row, item) in contents.items.enumerated() {
        guard let position = oldPositions[item.id], case let flat = Int(position),
          old.match(flat, toRow: row, section: newSection)
        else {
          insertedRows.append(row)
          continue
        }
        old.isChanged[flat] = old.item(at: flat) != item
        matchedHere.append(flat)
      }
      // Of the items that stay in the same section, the longest run in old order whose new rows increase
      // stays; every other matched item moves.
      let candidates = old.range(of: sameSection).filter { old.newSection[$0] == newSection }
      for index in longestIncreasingRun(candidates.map { Int(old.newRow[$0]) }) {
        old.fate[candidates[index]] = .staying
      }
      var movedAndChangedRows: [Int] = []
      for flat in matchedHere {
        if old.fate[flat] == .staying {
          if old.isChanged[flat] { old.fate[flat] = .reloaded }
        } else if old.isChanged[flat] {
          old.fate[flat] = .deleted
          movedAndChangedRows.append(Int(old.newRow[flat]))
        } else {
          old.fate[flat] = .moved
          changeset.rowMoves.append(
            RowMove(from: old.indexPath(of: flat), to: IndexPath(row: Int(old.newRow[flat]), section: newSection)))
        }
      }
      if !movedAndChangedRows.isEmpty { insertedRows = (insertedRows + movedAndChangedRows).sorted() }
      changeset.rowInserts += insertedRows.map { IndexPath(row: $0, section: newSection) }
    }
    for section in old.sections.indices where sections.newForOld[section] != nil {
      for flat in old.range(of: section) {
        switch old.fate[flat] {
        case .deleted: changeset.rowDeletes.append(old.indexPath(of: flat))
        case .reloaded: changeset.rowReloads.append(old.indexPath(of: flat))
        case .staying, .moved: break
        }
      }
    }
    return changeset
  }

  /// The changes from one section of items to another.
  @inlinable
  public static func difference<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
    difference(from: [DiffableSection(id: 0, items: old)], to: [DiffableSection(id: 0, items: new)])
  }

  @inlinable
  static func matchSections<SectionID: Hashable>(
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
  @usableFromInline
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []  // index into values of the smallest tail of each run length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      // Most kept items keep their order: extending the longest run needs no search.
      if let last = tails.last, values[last] < value {
        previous[index] = last
        tails.append(index)
        continue
      }
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

/// The old snapshot with its rows numbered across sections, and what becomes of each row.
///
/// Inlinable, like ``Changeset/difference(from:to:)``, so that the diff is specialised for the caller's item
/// type: unspecialised generic code is several times slower on large snapshots. Positions are stored as
/// 32-bit integers to halve the memory the diff touches (snapshots are limited to 2^31 rows).
@usableFromInline
struct FlatSnapshot<SectionID: Hashable, Item: Identifiable & Equatable> {
  @usableFromInline
  enum Fate {
    case deleted, staying, reloaded, moved
  }

  @usableFromInline let sections: [DiffableSection<SectionID, Item>]
  @usableFromInline let starts: [Int]
  @usableFromInline let sectionOfRow: [Int32]
  @usableFromInline let count: Int
  /// Where each old row reappears (-1: nowhere).
  @usableFromInline var newSection: [Int32]
  @usableFromInline var newRow: [Int32]
  @usableFromInline var isChanged: [Bool]
  @usableFromInline var fate: [Fate]

  @inlinable
  init(_ sections: [DiffableSection<SectionID, Item>]) {
    self.sections = sections
    var starts: [Int] = []
    var sectionOfRow: [Int32] = []
    for (index, section) in sections.enumerated() {
      starts.append(sectionOfRow.count)
      sectionOfRow.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
    }
    self.starts = starts
    self.sectionOfRow = sectionOfRow
    count = sectionOfRow.count
    newSection = Array(repeating: -1, count: count)
    newRow = Array(repeating: -1, count: count)
    isChanged = Array(repeating: false, count: count)
    fate = Array(repeating: .deleted, count: count)
  }

  @inlinable
  func range(of section: Int) -> Range<Int> {
    starts[section]..<(starts[section] + sections[section].items.count)
  }

  @inlinable
  func indexPath(of flat: Int) -> IndexPath {
    let section = Int(sectionOfRow[flat])
    return IndexPath(row: flat - starts[section], section: section)
  }

  @inlinable
  func item(at flat: Int) -> Item {
    let section = Int(sectionOfRow[flat])
    return sections[section].items[flat - starts[section]]
  }

  /// Records that the old row reappears at a new row; false if it was matched already.
  @inlinable
  mutating func match(_ flat: Int, toRow row: Int, section: Int) -> Bool {
    guard newSection[flat] < 0 else { return false }
    newSection[flat] = Int32(truncatingIfNeeded: section)
    newRow[flat] = Int32(truncatingIfNeeded: row)
    return true
  }
}
