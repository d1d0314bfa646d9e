import Foundation
import ListCore
import ListCoreTesting
import Testing

@Suite struct SectionSnapshotApplicationTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  func outline(_ roots: [String], children: [String: [String]] = [:], expanded: [String] = [])
    -> DiffableDataSourceSectionSnapshot<String>
  {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(roots)
    for (parent, items) in children.sorted(by: { $0.key < $1.key }) { outline.append(items, to: parent) }
    outline.expand(expanded)
    return outline
  }

  @Test func aSectionShowsTheVisibleItemsOfTheOutlineAppliedToIt() {
    let snapshot = Snapshot.of(["A": ["a1"], "B": ["b1", "b2"]])
    let next = snapshot.replacingItems(
      inSection: "B", with: outline(["p", "q"], children: ["p": ["p1"], "q": ["q1"]], expanded: ["q"]))
    #expect(next.outline == "A: a1 | B: p q q1")
    #expect(next.recordedMisuse == nil)
  }

  @Test func anOutlineForAMissingSectionOrHoldingAnotherSectionsItemRecordsUIKitsMisuse() {
    let snapshot = Snapshot.of(["A": ["a1"], "B": ["b1"]])
    let missing = snapshot.replacingItems(inSection: "Z", with: outline(["x"]))
    #expect(
      missing.recordedMisuse?.message
        == #"Invalid parameter not satisfying: section != NSNotFound (section identifier "Z" is not in the snapshot)"#)
    #expect(missing.outline == snapshot.outline)
    let shared = snapshot.replacingItems(inSection: "B", with: outline(["b1", "a1"]))
    #expect(
      shared.recordedMisuse?.message == #"Supplied item identifiers are not unique. Duplicate identifiers: {("a1")}"#)
    #expect(shared.outline == snapshot.outline)
    // A hidden item held by another section is not shown, so it is no misuse.
    let hidden = snapshot.replacingItems(inSection: "B", with: outline(["p"], children: ["p": ["a1"]]))
    #expect(hidden.recordedMisuse == nil)
    #expect(hidden.outline == "A: a1 | B: p")
    var misused = outline(["x"])
    misused.append(["y", "y"])
    #expect(snapshot.replacingItems(inSection: "B", with: misused).recordedMisuse == misused.recordedMisuse)
  }

  @Test func aTransactionCarriesBothSnapshotsTheDifferenceAndTheChangedSections() {
    let initial = Snapshot.of(["A": ["a1", "a2"], "B": ["b1"], "C": ["c1"]])
    let final = Snapshot.of(["A": ["a2"], "B": ["b1", "a1"], "C": ["c1"]])
    let transaction = DiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: final)
    #expect(transaction.initialSnapshot == initial)
    #expect(transaction.finalSnapshot == final)
    #expect(initial.itemIdentifiers.applying(transaction.difference) == final.itemIdentifiers)
    #expect(transaction.difference.count == 2)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["A", "B"])
    let sectionB = transaction.sectionTransactions[1]
    #expect(sectionB.initialSnapshot.items == ["b1"])
    #expect(sectionB.finalSnapshot.items == ["b1", "a1"])
    #expect(sectionB.difference.insertions.count == 1)
  }
}
