import Foundation
import SeededRandomness

/// An element of a diffed list: a UUID identity and a value.
public struct Element: Identifiable, Hashable, Sendable {
  /// The element's identity.
  public let id: UUID
  /// What the element shows.
  public var value: Int
}

/// The scenarios the fastest O(n) Swift diff libraries publish: UUID-identified elements, some deleted, some
/// inserted and some moved, at random positions or in the ranges DifferenceKit's own benchmark uses.
public struct DiffScenario: Sendable {
  /// The list before the changes.
  public let old: [Element]
  /// The list after them.
  public let new: [Element]

  /// `count` elements, of which `deletes` are deleted, `inserts` inserted and `moves` moved, at positions drawn
  /// from `seed`.
  public init(count: Int, deletes: Int, inserts: Int, moves: Int, seed: UInt64 = 42) {
    var random = SeededRandom(seed: seed)
    let old = (0..<count).map { _ in Element.random(using: &random) }
    var new = old
    for _ in 0..<deletes { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
    for _ in 0..<moves {
      let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
    }
    for _ in 0..<inserts {
      new.insert(Element.random(using: &random), at: Int.random(in: 0...new.count, using: &random))
    }
    self.old = old
    self.new = new
  }

  /// DifferenceKit's published scenario, as its `Benchmark/Sources/BenchmarkTools.swift` makes it.
  ///
  /// `count` elements, those in `deleteRange` deleted, new ones inserted at `insertRange` of what is left, then the
  /// elements at `shuffleRange` shuffled. Its benchmark draws new UUIDs and a new shuffle each run; here both come
  /// from `seed`.
  public init(count: Int, deleteRange: Range<Int>, insertRange: Range<Int>, shuffleRange: Range<Int>, seed: UInt64 = 42)
  {
    var random = SeededRandom(seed: seed)
    let old = (0..<count).map { _ in Element.random(using: &random) }
    var new = old
    new.removeSubrange(deleteRange)
    new.insert(contentsOf: insertRange.map { _ in Element.random(using: &random) }, at: insertRange.lowerBound)
    new[shuffleRange].shuffle(using: &random)
    self.old = old
    self.new = new
  }
}

extension Element {
  /// An element whose UUID's 128 bits are drawn from `random`.
  static func random(using random: inout SeededRandom) -> Element {
    let uuid = UUID(
      uuid: withUnsafeBytes(of: (random.next(), random.next())) { bytes in
        (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
          bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )
      })
    return Element(id: uuid, value: 0)
  }
}
