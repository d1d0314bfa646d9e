import Foundation
import SeededRandomness

/// An element of a diffed list: a UUID identity and a value.
public struct Element: Identifiable, Hashable, Sendable {
  /// The element's identity.
  public let id: UUID
  /// What the element shows.
  public var value: Int
}

/// The scenario the fastest O(n) Swift diff libraries publish: `count` UUID-identified elements, of which
/// `deletes` are deleted, `inserts` inserted and `moves` moved, at positions drawn from a fixed seed.
public struct DiffScenario: Sendable {
  /// The list before the changes.
  public let old: [Element]
  /// The list after them.
  public let new: [Element]

  /// Makes the old list and changes a copy of it, with positions drawn from `seed`.
  public init(count: Int, deletes: Int, inserts: Int, moves: Int, seed: UInt64 = 42) {
    var random = SeededRandom(seed: seed)
    func element() -> Element {
      let uuid = UUID(
        uuid: withUnsafeBytes(of: (random.next(), random.next())) { bytes in
          (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
            bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
          )
        })
      return Element(id: uuid, value: 0)
    }
    let old = (0..<count).map { _ in element() }
    var new = old
    for _ in 0..<deletes { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
    for _ in 0..<moves {
      let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
    }
    for _ in 0..<inserts { new.insert(element(), at: Int.random(in: 0...new.count, using: &random)) }
    self.old = old
    self.new = new
  }
}
