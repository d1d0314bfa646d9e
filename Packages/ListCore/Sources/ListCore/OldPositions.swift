/// Where each identifier first occurs among the old rows, keyed by the identifier's hash value.
///
/// The main table holds integers, not identifiers: keeping an identifier copies it, which for identifiers
/// that hold text means touching memory scattered over the whole snapshot. An identifier whose hash value
/// belongs to another one goes to a second table, keyed by identifier.
@usableFromInline
struct OldPositions<ID: Hashable> {
  @usableFromInline var byHash: [Int: Int32] = [:]
  @usableFromInline var colliding: [ID: Int32] = [:]

  @inlinable
  init(capacity: Int) {
    byHash.reserveCapacity(capacity)
  }

  /// `id`'s hash value, as Swift's hashed collections take it (`_rawHashValue(seed:)`), worked out where it can
  /// be inlined: an identifier that hashes a number it keeps is then hashed without reading its text, and one
  /// that gives its own raw hash value skips `Hasher`.
  @inlinable
  static func hash(_ id: ID) -> Int {
    id._rawHashValue(seed: 0)
  }

  /// The first old row recorded with this hash value.
  @inlinable
  func firstRow(withHash hash: Int) -> Int? {
    byHash[hash].map { Int($0) }
  }

  /// Records the first old row with this hash value.
  @inlinable
  mutating func insert(hash: Int, at flat: Int) {
    byHash[hash] = Int32(truncatingIfNeeded: flat)
  }

  /// Records an old row whose identifier's hash value belongs to another identifier, unless the identifier
  /// was recorded at an earlier row.
  @inlinable
  mutating func insertColliding(_ id: ID, at flat: Int) {
    if colliding[id] == nil { colliding[id] = Int32(truncatingIfNeeded: flat) }
  }

  /// The first old row with `id`, when its hash value belongs to another identifier.
  @inlinable
  func collidingRow(of id: ID) -> Int? {
    colliding.isEmpty ? nil : colliding[id].map { Int($0) }
  }
}
