import Synchronization

/// Where an item of a ``DiffableDataSourceSnapshot`` is: its section's slot (a number that stays with the
/// section while it exists, whatever its position) and its row, which may be stale (see ``SnapshotIndex``).
///
/// 32-bit fields halve the index's memory; a snapshot holds fewer than 2^31 items.
@usableFromInline
struct ItemLocation: Sendable {
  @usableFromInline var slot: Int32
  @usableFromInline var row: Int32

  @inlinable
  init(slot: Int32, row: Int) {
    self.slot = slot
    self.row = Int32(truncatingIfNeeded: row)
  }
}

/// The lookup state of a snapshot: every item's location, with rows kept correct lazily.
///
/// Rows below a section's `validRows` are correct; rows of items at or after it may be stale, and are then
/// never below it. Inserting, deleting or moving items lowers the mark to the first row they touch, and a
/// query for a stale row recomputes the rows from the mark to the section's end. So building a snapshot
/// costs O(1) per item (appends keep the mark at the end), and its queries cost O(1) amortised.
@usableFromInline
struct SnapshotIndexState<Item: Hashable & Sendable>: Sendable {
  /// Every item's exact place, while the snapshot has only been appended to.
  ///
  /// `locations` is empty meanwhile. Nil once anything else changed the items, which builds `locations`.
  @usableFromInline var appended: AppendedItemTable? = AppendedItemTable()
  @usableFromInline var locations: [Item: ItemLocation] = [:]
  /// For each section slot, how many of its first rows have correct rows in `locations`.
  @usableFromInline var validRows: [Int] = []
  /// Where each section, by position, starts among all the snapshot's items; nil once a section's count or
  /// the sections' order changed.
  @usableFromInline var sectionStarts: [Int]? = []

  @inlinable
  init() {}

  /// The correct row of an item known to be at `location` in the section holding `items`.
  @inlinable
  mutating func row(of location: ItemLocation, item: Item, sectionItems items: [Item]) -> Int {
    if Int(location.row) < validRows[Int(location.slot)] { return Int(location.row) }
    correctRows(slot: location.slot, sectionItems: items)
    return Int(locations[item]?.row ?? -1)
  }

  /// Corrects the stale rows of the section holding `items`.
  @inlinable
  mutating func correctRows(slot: Int32, sectionItems items: [Item]) {
    let slot = Int(slot)
    guard validRows[slot] < items.count else { return }
    for row in validRows[slot]..<items.count {
      locations[items[row]]?.row = Int32(truncatingIfNeeded: row)
    }
    validRows[slot] = items.count
  }

  /// Puts back the locations that `items` replaced, last first, and removes those they added: `replaced`
  /// holds, in order, each replaced location with the offset in `items` of the item that replaced it.
  @inlinable
  mutating func undoLocations(
    of items: ArraySlice<Item>, replaced: [(offset: Int, location: ItemLocation)]
  ) {
    var next = replaced.count - 1
    for offset in items.indices.reversed() {
      if next >= 0, replaced[next].offset == offset {
        locations[items[offset]] = replaced[next].location
        next -= 1
      } else {
        locations.removeValue(forKey: items[offset])
      }
    }
  }

  /// Builds `locations` from the sections' items (all rows correct) and drops the table of appended items.
  @inlinable
  mutating func materializeLocations(sectionItems: [[Item]], sectionSlots: [Int32]) {
    appended = nil
    var total = 0
    for items in sectionItems { total += items.count }
    locations.reserveCapacity(total)
    for (position, items) in sectionItems.enumerated() {
      let slot = sectionSlots[position]
      for (row, item) in items.enumerated() { locations[item] = ItemLocation(slot: slot, row: row) }
    }
  }

  /// Lowers a section's mark of correct rows to `row`.
  @inlinable
  mutating func invalidateRows(from row: Int, slot: Int32) {
    validRows[Int(slot)] = min(validRows[Int(slot)], row)
  }

  /// Where each section starts among all items, computed again if needed.
  @inlinable
  mutating func starts(of sectionItems: [[Item]]) -> [Int] {
    if let sectionStarts { return sectionStarts }
    var starts: [Int] = []
    starts.reserveCapacity(sectionItems.count)
    var total = 0
    for items in sectionItems {
      starts.append(total)
      total += items.count
    }
    sectionStarts = starts
    return starts
  }
}

/// A snapshot's ``SnapshotIndexState`` behind a lock, shared by copies of the snapshot until one of them
/// changes (copy on write).
///
/// Queries on an unchanged snapshot correct stale rows in place, which is why they take the lock: a
/// snapshot is `Sendable`, and copies on several threads share this object. Correcting rows never changes
/// what any copy holds, only how fast it answers.
@usableFromInline
final class SnapshotIndex<Item: Hashable & Sendable>: Sendable {
  @usableFromInline let state: Mutex<SnapshotIndexState<Item>>

  @inlinable
  init(_ state: sending SnapshotIndexState<Item> = SnapshotIndexState()) {
    self.state = Mutex(state)
  }

  /// Runs `body` on the state, holding the lock.
  @inlinable
  func withState<Result>(_ body: (inout SnapshotIndexState<Item>) -> sending Result) -> sending Result {
    state.withLock { body(&$0) }
  }

  /// A new index with the same contents, for a snapshot about to change while another copy holds this one.
  @inlinable
  func copy() -> SnapshotIndex {
    SnapshotIndex(state.withLock { $0 })
  }
}

/// The index reflects without its lock: a failed test expectation about a snapshot (Swift Testing shows the parts
/// of each operand) would otherwise try to copy the `Mutex`, which cannot be copied, and trap.
extension SnapshotIndex: CustomReflectable {
  @usableFromInline var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
