import Foundation

extension Changeset {
  /// The changes from `old` to `new`, matching sections and items by identifier.
  ///
  /// Expected time is linear in the number of items (a hash table from identifier to old position), plus
  /// O(k log k) to choose, among the k items kept in a section, the longest run that keeps its order: those
  /// stay, the others are moves, so moves are as few as possible. Items move across sections too. A kept
  /// item whose value changed is reloaded if it stays, or deleted and inserted if it moves (a batch update
  /// cannot both move and reload a row).
  ///
  /// Items with the same identifiers at the start and at the end of a kept section stay without being
  /// hashed, and a section whose items share storage with the old one's costs O(1): showing a snapshot
  /// again, or one with a few rows changed, costs far less than a reorder. A snapshot whose sections are the
  /// old ones, in the same order and each sharing its items' storage, has no changes, found in O(sections)
  /// without touching a row. Between the ends, an item that follows the same item as before is found beside it
  /// without hashing, and UUID identifiers are hashed by a 64-bit finaliser instead of `Hasher`'s SipHash. An old
  /// item equal to a new one whose identifier has the same hash value is taken to be that item.
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
      capacity: oldMiddles.indices.reduce(0) { sections.newForOld[$1] == nil ? $0 : $0 + oldMiddles[$1].count },
      rowCount: old.count)
    for section in old.sections.indices where sections.newForOld[section] != nil {
      oldPositions.list(oldMiddles[section], ofSection: section, in: old)
    }

    for (newSection, contents) in new.enumerated() {
      guard let sameSection = sections.oldForNew[newSection] else { continue }
      let newMiddle = newMiddles[newSection]
      let (matched, unmatchedRows) = old.match(
        newMiddle, of: contents.items, inSection: newSection, using: oldPositions)
      var insertedRows = unmatchedRows
      let stays = old.stayingRows(of: newMiddle, inSection: newSection, from: oldMiddles[sameSection], of: sameSection)
      var movedAndChangedRows: [Int] = []
      for match in matched {
        if stays[match.row - newMiddle.lowerBound] {
          if match.isChanged { old.fate[match.flat] = .reloaded }
        } else if match.isChanged {
          old.fate[match.flat] = .deleted
          movedAndChangedRows.append(match.row)
        } else {
          changeset.rowMoves.append(
            RowMove(from: old.indexPath(of: match.flat), to: IndexPath(row: match.row, section: newSection)))
        }
      }
      if !movedAndChangedRows.isEmpty { insertedRows = (insertedRows + movedAndChangedRows).sorted() }
      changeset.rowInserts += insertedRows.map { IndexPath(row: $0, section: newSection) }
    }
    for section in old.sections.indices where sections.newForOld[section] != nil {
      let start = old.starts[section]
      let middle = start + oldMiddles[section].lowerBound..<start + oldMiddles[section].upperBound
      for flat in old.range(of: section) {
        // A row between the ends that no new item matched is gone.
        if middle.contains(flat), old.newPlaces[flat].section < 0 {
          changeset.rowDeletes.append(old.indexPath(of: flat))
          continue
        }
        switch old.fate[flat] {
        case .deleted: changeset.rowDeletes.append(old.indexPath(of: flat))
        case .reloaded: changeset.rowReloads.append(old.indexPath(of: flat))
        case .kept: break
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
    // For each run length so far, the index of the smallest value that ends such a run, and that value (kept
    // beside it so that the search reads one array).
    var tails = [Int](repeating: 0, count: values.count)
    var tailValues = [Int](repeating: 0, count: values.count)
    var previous = [Int](repeating: -1, count: values.count)
    var length = 0
    values.withUnsafeBufferPointer { values in
      tails.withUnsafeMutableBufferPointer { tails in
        tailValues.withUnsafeMutableBufferPointer { tailValues in
          previous.withUnsafeMutableBufferPointer { previous in
            for (index, value) in values.enumerated() {
              // Most kept items keep their order: extending the longest run needs no search.
              var low = length
              if length == 0 || tailValues[length - 1] >= value {
                low = 0
                var high = length
                while low < high {
                  let middle = (low + high) / 2
                  if tailValues[middle] < value { low = middle + 1 } else { high = middle }
                }
              }
              if low > 0 { previous[index] = tails[low - 1] }
              tails[low] = index
              tailValues[low] = value
              if low == length { length += 1 }
            }
          }
        }
      }
    }
    var run = [Int](repeating: 0, count: length)
    var index = tails[length - 1]
    for position in run.indices.reversed() {
      run[position] = index
      index = previous[index]
    }
    return run
  }
}
