import Foundation

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

  /// The identifier of the old row's item.
  @inlinable
  func id(at flat: Int) -> Item.ID {
    let section = Int(sectionOfRow[flat])
    return sections[section].items[flat - starts[section]].id
  }

  /// Whether the old row's item differs from `item` (compared in place, without copying it).
  @inlinable
  func isChanged(_ flat: Int, comparedTo item: Item) -> Bool {
    let section = Int(sectionOfRow[flat])
    return sections[section].items[flat - starts[section]] != item
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
    let start = starts[section]
    if Self.shareStorage(oldItems, items) {
      fate.replaceSubrange(start..<start + items.count, with: repeatElement(.staying, count: items.count))
      return (items.count..<items.count, items.count..<items.count)
    }
    let shorter = min(oldItems.count, items.count)
    var prefix = 0
    while prefix < shorter, oldItems[prefix].id == items[prefix].id {
      fate[start + prefix] = oldItems[prefix] == items[prefix] ? .staying : .reloaded
      prefix += 1
    }
    var suffix = 0
    while prefix + suffix < shorter,
      oldItems[oldItems.count - 1 - suffix].id == items[items.count - 1 - suffix].id
    {
      let oldRow = oldItems.count - 1 - suffix
      fate[start + oldRow] = oldItems[oldRow] == items[items.count - 1 - suffix] ? .staying : .reloaded
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
    guard newSection[flat] < 0 else { return false }
    newSection[flat] = Int32(truncatingIfNeeded: section)
    newRow[flat] = Int32(truncatingIfNeeded: row)
    return true
  }
}
