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
  /// Items with the same identifiers at the start and at the end of a kept section stay without being
  /// hashed, and a section whose items share storage with the old one's costs O(1): showing a snapshot
  /// again, or one with a few rows changed, costs far less than a reorder. A snapshot whose sections are the
  /// old ones, in the same order and each sharing its items' storage, has no changes, found in O(sections)
  /// without touching a row. An old item equal to a new one whose identifier has the same hash value is
  /// taken to be that item.
  ///
  /// Duplicate identifiers never crash: within a snapshot the first occurrence is matched, and later ones
  /// are treated as different items (deleted from the old snapshot, inserted into the new one) unless they
  /// keep their place at either end of their section. The same holds for duplicate section identifiers.
  @inlinable
  public static func difference<SectionID: Hashable, Item: Identifiable & Equatable>(
    from old: [DiffableSection<SectionID, Item>],
    to new: [DiffableSection<SectionID, Item>]
  ) -> Changeset {
    var changeset = Changeset()
    if isShownAgain(old, as: new) { return changeset }
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
    // Rows with the same identifiers at the start and at the end of a kept section keep their places: they
    // are matched without hashing, which makes an unchanged or slightly changed large section cheap. Only
    // the rows between those ends are matched by identifier.
    var oldMiddles = old.sections.map { 0..<$0.items.count }
    var newMiddles = new.map { 0..<$0.items.count }
    for (newSection, sameSection) in sections.oldForNew.enumerated() {
      guard let sameSection else { continue }
      let ends = old.keepCommonEnds(of: sameSection, with: new[newSection].items)
      oldMiddles[sameSection] = ends.oldMiddle
      newMiddles[newSection] = ends.newMiddle
    }
    var oldPositions = OldPositions<Item.ID>(
      capacity: oldMiddles.indices.reduce(0) { sections.newForOld[$1] == nil ? $0 : $0 + oldMiddles[$1].count })
    for section in old.sections.indices where sections.newForOld[section] != nil {
      let items = old.sections[section].items
      for row in oldMiddles[section] {
        let flat = old.starts[section] + row
        let hash = OldPositions<Item.ID>.hash(items[row].id)
        // An identifier seen at an earlier row keeps that row; another identifier with the same hash value
        // goes to the second table.
        guard let taken = oldPositions.firstRow(withHash: hash) else {
          oldPositions.insert(hash: hash, at: flat)
          continue
        }
        if old.id(at: taken) != items[row].id { oldPositions.insertColliding(items[row].id, at: flat) }
      }
    }

    for (newSection, contents) in new.enumerated() {
      guard let sameSection = sections.oldForNew[newSection] else { continue }
      let items = contents.items
      var matchedHere: [Int] = []
      matchedHere.reserveCapacity(newMiddles[newSection].count)
      var insertedRows: [Int] = []
      for row in newMiddles[newSection] {
        // The old row with the same hash value is the item's when it holds an equal item (compared where
        // it lies, without making identifiers) or one with the same identifier.
        var match: (flat: Int, isChanged: Bool)?
        if let flat = oldPositions.firstRow(withHash: OldPositions<Item.ID>.hash(items[row].id)) {
          if !old.isChanged(flat, comparedTo: items[row]) {
            match = (flat, false)
          } else if old.id(at: flat) == items[row].id {
            match = (flat, true)
          }
        }
        if match == nil, let flat = oldPositions.collidingRow(of: items[row].id) {
          match = (flat, old.isChanged(flat, comparedTo: items[row]))
        }
        guard let match, old.match(match.flat, toRow: row, section: newSection) else {
          insertedRows.append(row)
          continue
        }
        old.isChanged[match.flat] = match.isChanged
        matchedHere.append(match.flat)
      }
      // Of the items that stay in the same section, the longest run in old order whose new rows increase
      // stays; every other matched item moves.
      let start = old.starts[sameSection]
      let middle = start + oldMiddles[sameSection].lowerBound..<start + oldMiddles[sameSection].upperBound
      let candidates = middle.filter { old.newSection[$0] == newSection }
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

  /// Whether `new` is `old` shown again: the same section identifiers in the same order, none twice (a
  /// repeated section identifier counts as another section), each section's items in the same storage.
  ///
  /// Then nothing changed, and the diff need not number the rows: O(sections).
  @inlinable
  static func isShownAgain<SectionID: Hashable, Item: Identifiable & Equatable>(
    _ old: [DiffableSection<SectionID, Item>], as new: [DiffableSection<SectionID, Item>]
  ) -> Bool {
    guard old.count == new.count else { return false }
    var seen = Set<SectionID>(minimumCapacity: old.count)
    for (oldSection, newSection) in zip(old, new) {
      guard oldSection.id == newSection.id, seen.insert(oldSection.id).inserted,
        FlatSnapshot<SectionID, Item>.shareStorage(oldSection.items, newSection.items)
      else { return false }
    }
    return true
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
