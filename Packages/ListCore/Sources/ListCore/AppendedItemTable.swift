/// Where each item of a snapshot built only by appending is, keyed by the item's hash value: a hash table of
/// places that holds no copy of any item.
///
/// A snapshot starts with one, and keeps it while every item came by `appendItems` (to any section) and no
/// section was deleted; each item's place is then exact, so an entry is confirmed by comparing the item found
/// at its place. Any other change to the items first builds the general index (a dictionary keyed by item,
/// whose rows may go stale and are corrected lazily; see ``SnapshotIndexState``) and drops this table.
///
/// Building 100,000 items costs a hash value and a table write each. A dictionary keyed by item also copies
/// each item into the table: for identifiers that hold text, that retains each text (and the table's end
/// releases it), touching memory scattered over the whole snapshot.
///
/// Each entry is one word: the row plus one in the low 32 bits (0 for an empty entry), the section's slot in
/// the next 16, and 16 more bits of the hash value, which spare most comparisons of items. A snapshot with more
/// than 65,535 section slots uses the general index.
@usableFromInline
struct AppendedItemTable: Sendable {
  @usableFromInline var entries: [UInt64] = []

  @inlinable
  init() {}

  /// The most section slots an entry can name.
  @usableFromInline static let maximumSlot: Int32 = 0xFFFF

  /// The hash value the table places an item by: its raw hash value, mixed (a 64-bit finaliser) so that every
  /// bit depends on all of it.
  @inlinable
  static func hash<Item: Hashable>(of item: Item) -> UInt64 {
    var mixed = UInt64(UInt(bitPattern: item._rawHashValue(seed: 0)))
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  @inlinable
  static func entry(hash: UInt64, slot: Int32, row: Int) -> UInt64 {
    (hash & 0xFFFF_0000_0000_0000) | (UInt64(UInt16(truncatingIfNeeded: slot)) << 32) | UInt64(row + 1)
  }

  /// The place of `item`, found by comparing it with the item `itemAt` gives for each candidate place.
  @inlinable
  func place<Item: Hashable>(
    of item: Item, hash: UInt64, itemAt: (Int32, Int) -> Item
  ) -> (slot: Int32, row: Int)? {
    guard !entries.isEmpty else { return nil }
    let mask = entries.count - 1
    var bucket = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = entries[bucket]
      if entry == 0 { return nil }
      if entry & 0xFFFF_0000_0000_0000 == hash & 0xFFFF_0000_0000_0000 {
        let slot = Int32((entry >> 32) & 0xFFFF)
        let row = Int(entry & 0xFFFF_FFFF) - 1
        if itemAt(slot, row) == item { return (slot, row) }
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// Records the place of an item the table does not hold.
  ///
  /// The table must have room (see ``hasRoom(for:)``).
  @inlinable
  mutating func insert(hash: UInt64, slot: Int32, row: Int) {
    let mask = entries.count - 1
    var bucket = Int(truncatingIfNeeded: hash) & mask
    while entries[bucket] != 0 { bucket = (bucket + 1) & mask }
    entries[bucket] = Self.entry(hash: hash, slot: slot, row: row)
  }

  /// Whether `total` items fit with the table at most half full.
  @inlinable
  func hasRoom(for total: Int) -> Bool {
    total * 2 <= entries.count
  }

  /// An empty table with room for `total` items.
  @inlinable
  static func empty(forRoomFor total: Int) -> AppendedItemTable {
    var table = AppendedItemTable()
    var size = 16
    while size < total * 2 { size *= 2 }
    table.entries = [UInt64](repeating: 0, count: size)
    return table
  }
}
