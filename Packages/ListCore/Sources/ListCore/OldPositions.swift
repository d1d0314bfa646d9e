import Foundation

/// Where each identifier first occurs among the old rows: an open-addressing table of old rows keyed by the
/// identifier's hash value, sized once for every row it will hold.
///
/// The table holds integers, not identifiers: keeping an identifier copies it, which for identifiers that hold
/// text means touching memory scattered over the whole snapshot. Each entry is one word, the high 32 bits of the
/// hash value (its tag) and the row plus one (0 for an empty entry); the low bits of the hash value pick where
/// probing starts. An identifier whose tag belongs to another identifier goes to a second table, keyed by
/// identifier.
///
/// Probing is linear and the table at most half full, so a lookup reads one or two entries of one cache line:
/// Swift's `Dictionary` keyed by the hash value would hash it a second time and find it through a call that is
/// not inlined.
@usableFromInline
struct OldPositions<ID: Hashable> {
  @usableFromInline var entries: [UInt64]
  @usableFromInline var colliding: [ID: Int32] = [:]
  /// For each old row (by flat index), whether the table holds it for its tag: then a lookup of its identifier
  /// finds it, and so does a guess that names it (see ``row(matching:guess:in:)``).
  @usableFromInline var isListed: [Bool]
  /// Mixed into the hash values of identifiers hashed without `Hasher`: the process's random seed, so that
  /// identifiers chosen to collide in one process do not collide in another.
  @usableFromInline let seed: UInt64

  /// An empty table with room for `capacity` rows of a snapshot of `rowCount`.
  @inlinable
  init(capacity: Int, rowCount: Int) {
    isListed = [Bool](repeating: false, count: rowCount)
    var size = 16
    while size < capacity * 2 { size *= 2 }
    entries = [UInt64](repeating: 0, count: size)
    var hasher = Hasher()
    hasher.combine(0)
    seed = UInt64(UInt(bitPattern: hasher.finalize()))
  }

  /// `id`'s hash value.
  ///
  /// A UUID's two words are mixed with the seed by two rounds of a 64-bit finaliser, so that every bit of the
  /// result depends on every bit of the UUID: a few instructions where `Hasher` costs three calls into the
  /// standard library (a third of the diff's time on UUID identifiers). Other identifiers give their raw hash
  /// value as Swift's hashed collections take it (`_rawHashValue(seed:)`), worked out where it can be inlined: one
  /// that hashes a number it keeps is then hashed without reading its text, and one that gives its own raw hash
  /// value skips `Hasher`.
  @inlinable
  func hash(_ id: ID) -> UInt64 {
    guard ID.self == UUID.self else { return UInt64(UInt(bitPattern: id._rawHashValue(seed: 0))) }
    return withUnsafeBytes(of: id) { bytes in
      let first = bytes.loadUnaligned(as: UInt64.self)
      let second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      return Self.mix(Self.mix(first ^ seed) ^ second)
    }
  }

  /// SplitMix64's finaliser: every bit of the result depends on every bit of `value`.
  @inlinable
  static func mix(_ value: UInt64) -> UInt64 {
    var mixed = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// Records the rows `rows` of an old section: each identifier at its first row.
  @inlinable
  mutating func list<SectionID, Item: Identifiable & Equatable>(
    _ rows: Range<Int>, ofSection section: Int, in old: FlatSnapshot<SectionID, Item>
  ) where Item.ID == ID {
    let start = old.starts[section]
    for (flat, item) in zip((start + rows.lowerBound)..., old.sections[section].items[rows]) {
      let id = item.id
      guard let taken = insert(hash: hash(id), at: flat) else {
        isListed[flat] = true
        continue
      }
      // An identifier seen at an earlier row keeps that row; another identifier with the same tag goes to the
      // second table.
      if old.item(at: taken).id != id { insertColliding(id, at: flat) }
    }
  }

  /// The old row a new item matches, and whether its value changed: the first old row with its identifier, or
  /// an old row that lists the item's tag and holds an equal item whose identifier has the same hash value.
  ///
  /// `guess` (any integer) is tried first, without hashing: the old row after the one the previous new item
  /// matched, which is the item's own when both kept their neighbours. A listed row with the item's identifier is
  /// what the table would answer.
  @inlinable
  func row<SectionID, Item: Identifiable & Equatable>(
    matching item: Item, guess: Int, in old: FlatSnapshot<SectionID, Item>
  ) -> (flat: Int, isChanged: Bool)? where Item.ID == ID {
    let id = item.id
    if guess >= 0, guess < isListed.count, isListed[guess] {
      let oldItem = old.item(at: guess)
      if oldItem.id == id { return (guess, oldItem != item) }
    }
    let hash = hash(id)
    if let flat = firstRow(withHash: hash) {
      let oldItem = old.item(at: flat)
      if oldItem.id == id { return (flat, oldItem != item) }
      if oldItem == item, self.hash(oldItem.id) == hash { return (flat, false) }
    }
    guard let flat = collidingRow(of: id) else { return nil }
    return (flat, old.item(at: flat) != item)
  }

  /// The first old row recorded with the tag of this hash value.
  @inlinable
  func firstRow(withHash hash: UInt64) -> Int? {
    entries.withUnsafeBufferPointer { entries in
      let mask = entries.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = entries[bucket]
        if entry == 0 { return nil }
        if entry >> 32 == hash >> 32 { return Int(entry & 0xFFFF_FFFF) - 1 }
        bucket = (bucket + 1) & mask
      }
    }
  }

  /// Records the old row for the tag of this hash value, unless an earlier row has that tag: then returns the
  /// earlier row and records nothing.
  @inlinable
  mutating func insert(hash: UInt64, at flat: Int) -> Int? {
    entries.withUnsafeMutableBufferPointer { entries in
      let mask = entries.count - 1
      var bucket = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = entries[bucket]
        if entry == 0 {
          entries[bucket] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(flat + 1)
          return nil
        }
        if entry >> 32 == hash >> 32 { return Int(entry & 0xFFFF_FFFF) - 1 }
        bucket = (bucket + 1) & mask
      }
    }
  }

  /// Records an old row whose identifier's tag belongs to another identifier, unless the identifier was recorded
  /// at an earlier row.
  @inlinable
  mutating func insertColliding(_ id: ID, at flat: Int) {
    if colliding[id] == nil { colliding[id] = Int32(truncatingIfNeeded: flat) }
  }

  /// The first old row with `id`, when its tag belongs to another identifier.
  @inlinable
  func collidingRow(of id: ID) -> Int? {
    colliding.isEmpty ? nil : colliding[id].map { Int($0) }
  }
}
