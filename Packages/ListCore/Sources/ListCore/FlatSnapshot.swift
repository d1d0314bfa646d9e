import Foundation

/// The old snapshot with its rows numbered across sections, and what becomes of each row.
///
/// Inlinable, like ``Changeset/difference(from:to:)``, so that the diff is specialised for the caller's item
/// type: unspecialised generic code is several times slower on large snapshots. Positions are stored as
/// 32-bit integers to halve the memory the diff touches (snapshots are limited to 2^31 rows).
@usableFromInline
struct FlatSnapshot<SectionID: Hashable, Item: Identifiable & Equatable> {
  /// What becomes of an old row that was matched (a row between the ends that was not is deleted).
  @usableFromInline
  enum Fate: UInt8 {
    /// It stays or moves, unchanged: no delete or reload names it.
    case kept
    /// It stays where it was, and its value changed.
    case reloaded
    /// It is deleted: it moved and its value changed (it is inserted where it goes).
    case deleted
  }

  /// Where an old row reappears.
  @usableFromInline
  struct NewPlace {
    @usableFromInline var section: Int32
    @usableFromInline var row: Int32

    @inlinable
    init(section: Int32, row: Int32) {
      self.section = section
      self.row = row
    }

    /// The place of an old row that does not reappear (or not yet matched).
    @inlinable
    static var nowhere: NewPlace { NewPlace(section: -1, row: -1) }
  }

  @usableFromInline let sections: [DiffableSection<SectionID, Item>]
  @usableFromInline let starts: [Int]
  /// The section of each row; empty when there is one section (then a row's flat index is its row).
  @usableFromInline let sectionOfRow: [Int32]
  @usableFromInline let count: Int
  /// Where each row of a middle (see ``keepCommonEnds(of:with:)``) reappears; rows at the ends are not written.
  @usableFromInline var newPlaces: [NewPlace]
  /// What becomes of each row that was matched, or kept at an end.
  @usableFromInline var fate: [Fate]

  @inlinable
  init(_ sections: [DiffableSection<SectionID, Item>]) {
    self.sections = sections
    var starts: [Int] = []
    starts.reserveCapacity(sections.count)
    var count = 0
    for section in sections {
      starts.append(count)
      count += section.items.count
    }
    var sectionOfRow: [Int32] = []
    if sections.count > 1 {
      sectionOfRow.reserveCapacity(count)
      for (index, section) in sections.enumerated() {
        sectionOfRow.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
      }
    }
    self.starts = starts
    self.sectionOfRow = sectionOfRow
    self.count = count
    newPlaces = Array(repeating: .nowhere, count: count)
    fate = Array(repeating: .kept, count: count)
  }

  /// The section and row of a flat index.
  @inlinable
  func location(of flat: Int) -> (section: Int, row: Int) {
    guard !sectionOfRow.isEmpty else { return (0, flat) }
    let section = Int(sectionOfRow[flat])
    return (section, flat - starts[section])
  }

  @inlinable
  func range(of section: Int) -> Range<Int> {
    starts[section]..<(starts[section] + sections[section].items.count)
  }

  @inlinable
  func indexPath(of flat: Int) -> IndexPath {
    let (section, row) = location(of: flat)
    return IndexPath(row: row, section: section)
  }

  /// The old row's item.
  @inlinable
  func item(at flat: Int) -> Item {
    let (section, row) = location(of: flat)
    return sections[section].items[row]
  }

  /// Marks the rows of an old section that begin or end it with the same identifiers as `items` (the
  /// section's new items) as staying, or reloaded where their values differ, and returns the rows of both
  /// left to match.
  ///
  /// Keeping them is what the longest increasing run would choose: they come before (or after) every other
  /// kept row in both snapshots. When both snapshots share the section's storage, the whole section stays.
  @inlinable
  mutating func keepCommonEnds(
    of section: Int, with items: [Item]
  ) -> (oldMiddle: Range<Int>, newMiddle: Range<Int>) {
    let oldItems = sections[section].items
    if Self.shareStorage(oldItems, items) { return (items.count..<items.count, items.count..<items.count) }
    let start = starts[section]
    let shorter = min(oldItems.count, items.count)
    var prefix = 0
    while prefix < shorter, oldItems[prefix].id == items[prefix].id {
      if oldItems[prefix] != items[prefix] { fate[start + prefix] = .reloaded }
      prefix += 1
    }
    var suffix = 0
    while prefix + suffix < shorter,
      oldItems[oldItems.count - 1 - suffix].id == items[items.count - 1 - suffix].id
    {
      let oldRow = oldItems.count - 1 - suffix
      if oldItems[oldRow] != items[items.count - 1 - suffix] { fate[start + oldRow] = .reloaded }
      suffix += 1
    }
    return (prefix..<oldItems.count - suffix, prefix..<items.count - suffix)
  }

  /// Whether two arrays are the same storage (then their items are the same): an O(1) answer for a snapshot
  /// section shown again unchanged.
  @inlinable
  static func shareStorage(_ first: [Item], _ second: [Item]) -> Bool {
    guard first.count == second.count, !first.isEmpty else { return first.isEmpty && second.isEmpty }
    return first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
    }
  }

  /// Records that the old row reappears at a new row; false if it was matched already.
  @inlinable
  mutating func match(_ flat: Int, toRow row: Int, section: Int) -> Bool {
    guard newPlaces[flat].section < 0 else { return false }
    newPlaces[flat] = NewPlace(section: Int32(truncatingIfNeeded: section), row: Int32(truncatingIfNeeded: row))
    return true
  }
}
