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

/// The diff's shortcuts for large sections (shared storage, unchanged ends, hash-keyed positions).
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
}
