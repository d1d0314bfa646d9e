import Foundation
import ListCore
import ListCoreTesting
import Testing

/// An identifier whose hash value is the same for every value, so that every lookup collides.
struct CollidingID: Hashable {
  var value: Int

  func hash(into hasher: inout Hasher) {
    hasher.combine(0)
  }
}

/// An item identified by a ``CollidingID``.
struct CollidingEntry: Identifiable, Equatable {
  var id: CollidingID
  var content: Int
}

/// An item identified by a UUID, as apps often identify theirs: the diff hashes it without `Hasher`.
struct UUIDEntry: Identifiable, Equatable {
  var id: UUID
  var content: Int
}

/// A UUID hashed as any other identifier is, through `Hasher`.
struct HashedUUID: Hashable {
  var uuid: UUID
}

/// An item identified by a ``HashedUUID``.
struct HashedUUIDEntry: Identifiable, Equatable {
  var id: HashedUUID
  var content: Int
}

/// The diff's shortcuts for large sections (shared storage, unchanged ends, hash-keyed positions, neighbours
/// found without hashing, UUIDs hashed without `Hasher`).
@Suite struct LargeChangesetTests {
  @Test func aSectionBuiltAgainWithEqualItemsHasNoChanges() {
    let old = (0..<1_000).map { DiffEntry(id: $0, content: $0) }
    let new = (0..<1_000).map { DiffEntry(id: $0, content: $0) }
    #expect(Changeset.difference(from: old, to: new).isEmpty)
  }

  @Test func oneChangedRowOfALargeSectionIsOneReload() {
    let old = (0..<10_000).map { DiffEntry(id: $0, content: 0) }
    var new = old
    new[4_321].content = 1
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowReloads == [.row(4_321)])
    #expect(changeset.rowMoves.isEmpty && changeset.rowInserts.isEmpty && changeset.rowDeletes.isEmpty)
  }

  @Test func aRowPinnedToTheTopOfALargeSectionIsOneMove() {
    let old = (0..<10_000).map { DiffEntry(id: $0, content: 0) }
    var new = old
    new.insert(new.remove(at: 5_000), at: 0)
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowMoves == [.init(from: .row(5_000), to: .row(0))])
    #expect(changeset.rowInserts.isEmpty && changeset.rowDeletes.isEmpty && changeset.rowReloads.isEmpty)
  }

  @Test func duplicatesThatKeepTheirPlaceAtTheEndsStay() {
    let items = [DiffEntry(id: 1, content: 0), DiffEntry(id: 1, content: 1), DiffEntry(id: 2, content: 0)]
    #expect(Changeset.difference(from: items, to: items.map { $0 }).isEmpty)
  }

  @Test func identifiersWhoseHashValuesCollideAreMatchedAsOthersAre() {
    var random = TestRandom(state: 7)
    for _ in 0..<200 {
      let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        DiffEntry(id: Int.random(in: 0..<16, using: &random), content: Int.random(in: 0..<2, using: &random))
      }
      var new = old.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.shuffled(using: &random)
      for index in new.indices where Int.random(in: 0..<5, using: &random) == 0 { new[index].content += 1 }
      new.append(DiffEntry(id: Int.random(in: 0..<16, using: &random), content: 0))
      let colliding = { (entries: [DiffEntry]) in
        entries.map { CollidingEntry(id: CollidingID(value: $0.id), content: $0.content) }
      }
      #expect(
        Changeset.difference(from: colliding(old), to: colliding(new)) == Changeset.difference(from: old, to: new),
        "old: \(old) new: \(new)")
    }
  }

  @Test func aNeighbourFoundWithoutHashingIsNeverALaterCopy() {
    // After 20, the old row beside it holds the second 1: the new 1 is still the first one.
    let old = [10, 1, 20, 1].map { DiffEntry(id: $0, content: 0) }
    let new = [20, 1, 30].map { DiffEntry(id: $0, content: 0) }
    let changeset = Changeset.difference(from: old, to: new)
    #expect(changeset.rowMoves == [.init(from: .row(1), to: .row(1))])
    #expect(changeset.rowDeletes == [.row(0), .row(3)])
    #expect(changeset.rowInserts == [.row(2)])
  }

  @Test func uuidIdentifiersAreMatchedAsIdentifiersHashedThroughHasher() {
    var random = TestRandom(state: 24)
    for round in 0..<300 {
      // UUIDs with few random bits (only the first two bytes vary) repeat and crowd the table.
      let old = RandomSections.make(maximumRows: round < 200 ? 12 : 300, using: &random)
      let new = RandomSections.edit(old, using: &random)
      let uuid = { (id: Int) in
        UUID(
          uuid: (
            UInt8(truncatingIfNeeded: id), UInt8(truncatingIfNeeded: id >> 8), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
          ))
      }
      let byUUID = { (sections: [DiffableSection<Int, DiffEntry>]) in
        sections.map {
          DiffableSection(id: $0.id, items: $0.items.map { UUIDEntry(id: uuid($0.id), content: $0.content) })
        }
      }
      let byHashedUUID = { (sections: [DiffableSection<Int, DiffEntry>]) in
        sections.map {
          DiffableSection(
            id: $0.id, items: $0.items.map { HashedUUIDEntry(id: HashedUUID(uuid: uuid($0.id)), content: $0.content) })
        }
      }
      let expected = Changeset.difference(from: old, to: new)
      #expect(Changeset.difference(from: byUUID(old), to: byUUID(new)) == expected, "round \(round)")
      #expect(Changeset.difference(from: byHashedUUID(old), to: byHashedUUID(new)) == expected, "round \(round)")
    }
  }

  /// Moves are as few as the longest run of kept items in the same order allows (found here by the quadratic
  /// textbook method).
  @Test func movesAreAsFewAsTheLongestInOrderRunAllows() {
    var random = TestRandom(state: 2_024)
    for _ in 0..<300 {
      let old = (0..<Int.random(in: 0...60, using: &random)).map { DiffEntry(id: $0, content: 0) }
      var new = old.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
      for _ in 0..<Int.random(in: 0...8, using: &random) where !new.isEmpty {
        let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
        new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
      }
      for id in 100..<100 + Int.random(in: 0...5, using: &random) {
        new.insert(DiffEntry(id: id, content: 0), at: Int.random(in: 0...new.count, using: &random))
      }
      let keptInOldOrder = old.compactMap { item in new.firstIndex(of: item) }
      var longestEndingAt = [Int](repeating: 1, count: keptInOldOrder.count)
      for end in keptInOldOrder.indices {
        for start in 0..<end where keptInOldOrder[start] < keptInOldOrder[end] {
          longestEndingAt[end] = max(longestEndingAt[end], longestEndingAt[start] + 1)
        }
      }
      let changeset = Changeset.difference(from: old, to: new)
      #expect(
        changeset.rowMoves.count == keptInOldOrder.count - (longestEndingAt.max() ?? 0), "old: \(old) new: \(new)")
    }
  }
}
