import Foundation
import ListCore
import ListCoreTesting
import Testing

/// A snapshot of string sections and string items.
typealias TextSnapshot = DiffableDataSourceSnapshot<String, String>

/// An item identifier as apps write them: an enumeration case.
enum TrackRow: Hashable, Sendable {
  case track(Int)
}

/// Every misuse UIKit answers with an exception: the snapshot records it with UIKit's message (pinned here
/// word for word) and leaves itself as it was for that call.
@Suite struct SnapshotMisuseTests {
  /// Runs `change` on a copy of `snapshot`, checks that the copy still holds what `snapshot` holds, and
  /// returns the message recorded.
  private func misuse(of snapshot: TextSnapshot, _ change: (inout TextSnapshot) -> Void) -> String? {
    var changed = snapshot
    change(&changed)
    #expect(changed.outline == snapshot.outline, "the misused snapshot changed")
    #expect(changed.reloadedItemIdentifiers == snapshot.reloadedItemIdentifiers)
    #expect(changed.reconfiguredItemIdentifiers == snapshot.reconfiguredItemIdentifiers)
    #expect(changed.reloadedSectionIdentifiers == snapshot.reloadedSectionIdentifiers)
    guard let message = changed.recordedMisuse?.message else { return nil }
    #expect(changed.recordedMisuse?.description == message)
    return message
  }

  private let sample = TextSnapshot.of(["A": ["a1", "a2"], "B": ["b1"]])

  @Test func aSnapshotBuiltAsUIKitAllowsRecordsNoMisuse() {
    #expect(sample.recordedMisuse == nil)
  }

  @Test func itemsAppendedWithNoSectionAreRefused() {
    #expect(
      misuse(of: TextSnapshot()) { $0.appendItems(["a"]) }
        == "There are currently no sections in the data source. Please add a section first.")
  }

  @Test func noSectionsIsCheckedBeforeDuplicates() {
    #expect(
      misuse(of: TextSnapshot()) { $0.appendItems(["a", "a"]) }
        == "There are currently no sections in the data source. Please add a section first.")
  }

  @Test func duplicateItemIdentifiersAreRefusedListingEveryDuplicateOnce() {
    #expect(
      misuse(of: sample) { $0.appendItems(["x", "y", "x", "z", "y", "x"]) }
        == #"Supplied item identifiers are not unique. Duplicate identifiers: {("x", "y")}"#)
  }

  @Test func aRefusedAppendLeavesEveryItemWhereItWas() {
    var snapshot = TextSnapshot.of(["A": ["a1", "a2", "a3"], "B": ["b1"]])
    snapshot.deleteItems(["a1"])
    snapshot.appendItems(["b1", "x", "a2", "x"], toSection: "A")
    #expect(
      snapshot.recordedMisuse?.message
        == #"Supplied item identifiers are not unique. Duplicate identifiers: {("x")}"#)
    #expect(snapshot.outline == "A: a2 a3 | B: b1")
    #expect([snapshot.indexOfItem("a2"), snapshot.indexOfItem("a3"), snapshot.indexOfItem("b1")] == [0, 1, 2])
    #expect(snapshot.sectionIdentifier(containingItem: "b1") == "B")
    #expect(snapshot.indexOfItem("x") == nil)
  }

  @Test func duplicatesAreCheckedBeforeTheSection() {
    #expect(
      misuse(of: sample) { $0.appendItems(["x", "x"], toSection: "Z") }
        == #"Supplied item identifiers are not unique. Duplicate identifiers: {("x")}"#)
  }

  @Test func everyItemMethodRefusesDuplicateIdentifiers() {
    let message = #"Supplied item identifiers are not unique. Duplicate identifiers: {("a1")}"#
    #expect(misuse(of: sample) { $0.insertItems(["a1", "a1"], beforeItem: "b1") } == message)
    #expect(misuse(of: sample) { $0.insertItems(["a1", "a1"], afterItem: "b1") } == message)
    #expect(misuse(of: sample) { $0.deleteItems(["a1", "a1"]) } == message)
    #expect(misuse(of: sample) { $0.reloadItems(["a1", "a1"]) } == message)
    #expect(misuse(of: sample) { $0.reconfigureItems(["a1", "a1"]) } == message)
  }

  @Test func duplicateSectionIdentifiersAreRefused() {
    let message = #"Supplied section identifiers are not unique. Duplicate identifiers: {("C", "D")}"#
    #expect(misuse(of: sample) { $0.appendSections(["C", "D", "C", "D"]) } == message)
    #expect(misuse(of: sample) { $0.insertSections(["C", "D", "C", "D"], beforeSection: "A") } == message)
    #expect(misuse(of: sample) { $0.insertSections(["C", "D", "C", "D"], afterSection: "A") } == message)
    #expect(misuse(of: sample) { $0.deleteSections(["C", "D", "C", "D"]) } == message)
    #expect(misuse(of: sample) { $0.reloadSections(["C", "D", "C", "D"]) } == message)
  }

  @Test func aSectionHeldAlreadyIsRefusedInUIKitsSingularAndPluralWords() {
    #expect(
      misuse(of: sample) { $0.appendSections(["C", "A"]) }
        == "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in "
        + #"the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: "A""#)
    #expect(
      misuse(of: sample) { $0.insertSections(["B", "A", "C"], beforeSection: "B") }
        == #"Invalid update: destination for section operation ["B"] is in the inserted section list for update."#)
    #expect(
      misuse(of: TextSnapshot.of(["A": [], "B": [], "C": []])) { $0.insertSections(["B", "A"], afterSection: "C") }
        == "Diffable data source detected an attempt to insert or append 2 section identifiers that already exist in "
        + "the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: "
        + #"("B", "A")"#)
  }

  @Test func itemsAppendedToASectionTheSnapshotDoesNotHoldAreRefused() {
    #expect(
      misuse(of: sample) { $0.appendItems(["x"], toSection: "Z") }
        == #"Invalid parameter not satisfying: section != NSNotFound (section identifier "Z" is not in the snapshot)"#)
  }

  @Test func itemsInsertedNextToAnItemTheSnapshotDoesNotHoldAreRefused() {
    let message =
      #"Invalid parameter not satisfying: section != NSNotFound (item identifier "z" is not in the snapshot)"#
    #expect(misuse(of: sample) { $0.insertItems(["x"], beforeItem: "z") } == message)
    #expect(misuse(of: sample) { $0.insertItems(["x"], afterItem: "z") } == message)
  }

  @Test func itemsInsertedNextToOneOfThemselvesAreRefused() {
    let message =
      #"Invalid update: destination for insertion operation ["x"] is in the insertion identifier list for update."#
    #expect(misuse(of: sample) { $0.insertItems(["w", "x"], beforeItem: "x") } == message)
    #expect(misuse(of: sample) { $0.insertItems(["w", "x"], afterItem: "x") } == message)
  }

  @Test func sectionsInsertedNextToASectionTheSnapshotDoesNotHoldAreRefused() {
    let message =
      #"Invalid parameter not satisfying: insertIndex != NSNotFound (section identifier "Z" is not in the snapshot)"#
    #expect(misuse(of: sample) { $0.insertSections(["C"], beforeSection: "Z") } == message)
    #expect(misuse(of: sample) { $0.insertSections(["C"], afterSection: "Z") } == message)
  }

  @Test func movingAnItemTheSnapshotDoesNotHoldIsRefused() {
    let message =
      #"Invalid parameter not satisfying: fromIndex != NSNotFound (item identifier "z" is not in the snapshot)"#
    #expect(misuse(of: sample) { $0.moveItem("z", beforeItem: "a1") } == message)
    #expect(misuse(of: sample) { $0.moveItem("z", afterItem: "a1") } == message)
  }

  @Test func movingAnItemNextToOneTheSnapshotDoesNotHoldIsRefused() {
    let message =
      #"Invalid parameter not satisfying: toIndex != NSNotFound (item identifier "z" is not in the snapshot)"#
    #expect(misuse(of: sample) { $0.moveItem("a1", beforeItem: "z") } == message)
    #expect(misuse(of: sample) { $0.moveItem("a1", afterItem: "z") } == message)
  }

  @Test func movingAnItemNextToItselfIsRefused() {
    let message = #"Invalid update: destination for item move is the same as the source ["a1"] for update."#
    #expect(misuse(of: sample) { $0.moveItem("a1", beforeItem: "a1") } == message)
    #expect(misuse(of: sample) { $0.moveItem("a1", afterItem: "a1") } == message)
  }

  @Test func movingASectionTheSnapshotDoesNotHoldIsRefused() {
    let from =
      #"Invalid parameter not satisfying: fromSection != NSNotFound (section identifier "Z" is not in the snapshot)"#
    let to =
      #"Invalid parameter not satisfying: toSection != NSNotFound (section identifier "Z" is not in the snapshot)"#
    #expect(misuse(of: sample) { $0.moveSection("Z", beforeSection: "A") } == from)
    #expect(misuse(of: sample) { $0.moveSection("Z", afterSection: "A") } == from)
    #expect(misuse(of: sample) { $0.moveSection("A", beforeSection: "Z") } == to)
    #expect(misuse(of: sample) { $0.moveSection("A", afterSection: "Z") } == to)
  }

  @Test func movingASectionNextToItselfIsRefused() {
    let message = #"Invalid update: destination for section move is the same as the source ["A"] for update."#
    #expect(misuse(of: sample) { $0.moveSection("A", beforeSection: "A") } == message)
    #expect(misuse(of: sample) { $0.moveSection("A", afterSection: "A") } == message)
  }

  @Test func reloadingOrReconfiguringWhatTheSnapshotDoesNotHoldIsRefused() {
    #expect(
      misuse(of: sample) { $0.reloadItems(["a1", "z"]) }
        == #"Attempted to reload item identifier that does not exist in the snapshot: "z""#)
    #expect(
      misuse(of: sample) { $0.reconfigureItems(["z", "a1"]) }
        == #"Attempted to reconfigure item identifier that does not exist in the snapshot: "z""#)
    #expect(
      misuse(of: sample) { $0.reloadSections(["A", "Z"]) }
        == #"Attempted to reload section identifier that does not exist in the snapshot: "Z""#)
  }

  @Test func identifiersAreWrittenAsSwiftWritesThem() {
    var snapshot = DiffableDataSourceSnapshot<Int, TrackRow>()
    snapshot.appendSections([0])
    snapshot.appendItems([.track(7), .track(7)])
    #expect(
      snapshot.recordedMisuse?.message
        == "Supplied item identifiers are not unique. Duplicate identifiers: {(ListCoreTests.TrackRow.track(7))}")
  }

  @Test func onlyTheFirstMisuseIsKeptAndLaterCallsStillWork() {
    var snapshot = sample
    snapshot.appendItems(["x"], toSection: "Z")
    snapshot.deleteItems(["q", "q"])
    snapshot.appendItems(["b2"], toSection: "B")
    #expect(
      snapshot.recordedMisuse?.message
        == #"Invalid parameter not satisfying: section != NSNotFound (section identifier "Z" is not in the snapshot)"#)
    #expect(snapshot.outline == "A: a1 a2 | B: b1 b2")
  }

  @Test func deletingWhatTheSnapshotDoesNotHoldIsNotAMisuse() {
    var snapshot = sample
    snapshot.deleteItems(["z"])
    snapshot.deleteSections(["Z"])
    #expect(snapshot.recordedMisuse == nil)
    #expect(snapshot.outline == sample.outline)
  }
}
