import Foundation
import ListCore
import ListCoreTesting
import Testing

/// A snapshot of string sections and integer items, as the property tests build them.
typealias NumberSnapshot = DiffableDataSourceSnapshot<String, Int>

@Suite struct DiffableDataSourceSnapshotTests {
  @Test func itemsAndSectionsAreAnsweredInOrder() {
    let snapshot = TextSnapshot.of(["A": ["a1", "a2"], "B": [], "C": ["c1"]])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
    #expect(snapshot.itemIdentifiers == ["a1", "a2", "c1"])
    #expect(snapshot.numberOfItems(inSection: "A") == 2)
    #expect(snapshot.itemIdentifiers(inSection: "C") == ["c1"])
    #expect(snapshot.sectionIdentifier(containingItem: "c1") == "C")
    #expect(snapshot.indexOfItem("c1") == 2)
    #expect(snapshot.indexOfSection("B") == 1)
  }

  @Test func whatTheSnapshotDoesNotHoldIsAnsweredWithNothingInsteadOfAnException() {
    let snapshot = TextSnapshot.of(["A": ["a1"]])
    #expect(snapshot.numberOfItems(inSection: "Z") == 0)
    #expect(snapshot.itemIdentifiers(inSection: "Z") == [])
    #expect(snapshot.sectionIdentifier(containingItem: "z") == nil)
    #expect(snapshot.indexOfItem("z") == nil)
    #expect(snapshot.indexOfSection("Z") == nil)
  }

  @Test func itemsAppendWithoutASectionToTheLastSection() {
    var snapshot = TextSnapshot()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems(["b1", "b2"])
    #expect(snapshot.outline == "A: | B: b1 b2")
  }

  @Test func anItemAppendedOrInsertedAgainMovesAsInUIKit() {
    var snapshot = TextSnapshot.of(["A": ["a1", "a2", "a3"], "B": ["b1"]])
    snapshot.appendItems(["a1"], toSection: "B")
    #expect(snapshot.outline == "A: a2 a3 | B: b1 a1")
    snapshot.insertItems(["b1", "a3"], beforeItem: "a2")
    #expect(snapshot.outline == "A: b1 a3 a2 | B: a1")
    snapshot.appendItems(["a2", "z"], toSection: "A")
    #expect(snapshot.outline == "A: b1 a3 a2 z | B: a1")
    #expect(snapshot.recordedMisuse == nil)
    #expect(snapshot.numberOfItems == 5)
  }

  @Test func movesAndInsertsLandNextToTheirAnchor() {
    var snapshot = TextSnapshot.of(["A": ["a1", "a2", "a3"], "B": ["b1", "b2"]])
    snapshot.moveItem("a1", afterItem: "a3")
    #expect(snapshot.outline == "A: a2 a3 a1 | B: b1 b2")
    snapshot.moveItem("b2", beforeItem: "a2")
    #expect(snapshot.outline == "A: b2 a2 a3 a1 | B: b1")
    snapshot.insertItems(["x", "y"], afterItem: "b1")
    #expect(snapshot.outline == "A: b2 a2 a3 a1 | B: b1 x y")
    snapshot.insertSections(["C"], beforeSection: "A")
    snapshot.moveSection("A", afterSection: "B")
    #expect(snapshot.outline == "C: | B: b1 x y | A: b2 a2 a3 a1")
    #expect(snapshot.indexOfItem("a3") == 5)
  }

  @Test func deletingASectionDeletesItsItems() {
    var snapshot = TextSnapshot.of(["A": ["a1"], "B": ["b1", "b2"]])
    snapshot.deleteSections(["B"])
    #expect(snapshot.numberOfItems == 1)
    #expect(snapshot.indexOfItem("b1") == nil)
    snapshot.appendSections(["B"])
    #expect(snapshot.numberOfItems(inSection: "B") == 0)
  }

  @Test func marksAreKeptInTheOrderFirstGivenAndSurviveDeletingEverything() {
    var snapshot = TextSnapshot.of(["A": ["a1", "a2"], "B": ["b1"]])
    snapshot.reloadItems(["a2", "a1"])
    snapshot.reloadItems(["a1", "b1"])
    snapshot.reconfigureItems(["b1"])
    snapshot.reloadSections(["B", "A"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    #expect(snapshot.reloadedItemIdentifiers == ["a2", "a1", "b1"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["b1"])
    #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
  }

  @Test func snapshotsAreEqualWhenTheyHoldTheSameSectionsAndItemsInOrder() {
    let snapshot = TextSnapshot.of(["A": ["a1", "a2"]])
    var marked = snapshot
    marked.reloadItems(["a1"])
    var reordered = snapshot
    reordered.moveItem("a2", beforeItem: "a1")
    #expect(marked == snapshot)
    #expect(reordered != snapshot)
  }

  @Test func aCopyKeepsItsContentsWhileTheOriginalChanges() {
    var snapshot = TextSnapshot.of(["A": ["a1", "a2", "a3"]])
    let copy = snapshot
    #expect(copy.indexOfItem("a3") == 2)
    snapshot.insertItems(["x"], beforeItem: "a1")
    snapshot.deleteItems(["a2"])
    #expect(snapshot.indexOfItem("a3") == 2)
    #expect(snapshot.indexOfItem("x") == 0)
    #expect(copy.indexOfItem("a3") == 2)
    #expect(copy.indexOfItem("x") == nil)
    #expect(copy.outline == "A: a1 a2 a3")
  }

  @Test func aHundredThousandItemsAreBuiltAndAnsweredByIdentifier() {
    var snapshot = NumberSnapshot()
    snapshot.appendSections(["head", "body"])
    snapshot.appendItems([-1], toSection: "head")
    snapshot.appendItems(Array(0..<100_000), toSection: "body")
    snapshot.insertItems([-2], beforeItem: 50_000)
    #expect(snapshot.numberOfItems == 100_002)
    #expect(snapshot.itemIdentifiers(inSection: "body").count == 100_001)
    for item in stride(from: 0, to: 100_000, by: 997) {
      #expect(snapshot.indexOfItem(item) == (item < 50_000 ? item + 1 : item + 2))
    }
  }

  @Test(arguments: 0..<8)
  func randomSequencesOfChangesAnswerAsTheReferenceModel(seed: UInt64) {
    var random = TestRandom(state: 0x5EED_0000 + seed)
    for _ in 0..<40 {
      var snapshot = NumberSnapshot()
      var model = SnapshotModel()
      for step in 0..<Int.random(in: 1...60, using: &random) {
        let before = (snapshot: snapshot, model: model)
        let operation = Self.randomOperation(using: &random)
        operation.apply(to: &snapshot)
        operation.apply(to: &model)
        // Some steps are not looked at, so that stale rows pile up between queries.
        if Int.random(in: 0..<3, using: &random) > 0 || step == 0 {
          Self.expect(snapshot, answersAs: model, after: "\(operation) (seed \(seed))")
        }
        if Int.random(in: 0..<5, using: &random) == 0 {
          Self.expect(before.snapshot, answersAs: before.model, after: "a copy, then \(operation) on the original")
        }
      }
      Self.expect(snapshot, answersAs: model, after: "the last change (seed \(seed))")
    }
  }

  @Test(arguments: 0..<8)
  func snapshotsBuiltByAppendingAnswerAsTheReferenceModelBeforeAndAfterOtherChanges(seed: UInt64) {
    var random = TestRandom(state: 0xA99E_0000 + seed)
    for _ in 0..<40 {
      var snapshot = NumberSnapshot()
      var model = SnapshotModel()
      // First only what keeps the table of appended items (appends, section moves, marks; an item appended
      // again or given twice takes the general path), then anything.
      for step in 0..<50 {
        let operation = Self.randomOperation(using: &random, appendingOnly: step < 30)
        operation.apply(to: &snapshot)
        operation.apply(to: &model)
        Self.expect(snapshot, answersAs: model, after: "\(operation), step \(step) (seed \(seed))")
      }
    }
  }

  @Test func itemsWhoseHashValuesAllCollideAreAppendedFoundMovedAndRefusedTwice() {
    var snapshot = DiffableDataSourceSnapshot<String, CollidingID>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems((0..<300).map { CollidingID(value: $0) }, toSection: "A")
    snapshot.appendItems((300..<400).map { CollidingID(value: $0) }, toSection: "B")
    #expect(snapshot.indexOfItem(CollidingID(value: 299)) == 299)
    #expect(snapshot.indexOfItem(CollidingID(value: 350)) == 350)
    #expect(snapshot.sectionIdentifier(containingItem: CollidingID(value: 5)) == "A")
    #expect(snapshot.indexOfItem(CollidingID(value: 400)) == nil)
    // Held already: moved to the end of the section it is appended to, as UIKit does.
    snapshot.appendItems([CollidingID(value: 0)], toSection: "B")
    #expect(snapshot.indexOfItem(CollidingID(value: 0)) == 399)
    #expect(snapshot.indexOfItem(CollidingID(value: 1)) == 0)
    var twice = snapshot
    twice.appendItems([CollidingID(value: 500), CollidingID(value: 500)], toSection: "A")
    #expect(
      twice.recordedMisuse?.message
        == "Supplied item identifiers are not unique. Duplicate identifiers: {(ListCoreTests.CollidingID(value: 500))}")
    #expect(twice == snapshot, "the refused call left the snapshot as it was")
    #expect(twice.indexOfItem(CollidingID(value: 500)) == nil)
  }

  @Test func aCopyOfASnapshotBuiltByAppendingKeepsItsPlacesWhileTheOriginalGrows() {
    var snapshot = NumberSnapshot()
    snapshot.appendSections(["A"])
    snapshot.appendItems(Array(0..<10))
    let copy = snapshot
    snapshot.appendItems(Array(10..<1_000))
    snapshot.appendSections(["B"])
    snapshot.appendItems([-1])
    #expect(copy.indexOfItem(500) == nil && copy.indexOfItem(9) == 9 && copy.numberOfItems == 10)
    #expect(snapshot.indexOfItem(999) == 999 && snapshot.indexOfItem(-1) == 1_000)
    snapshot.deleteItems([0])
    #expect(snapshot.indexOfItem(999) == 998 && copy.indexOfItem(0) == 0)
  }

  // MARK: Random operations

  /// One call of the snapshot's API, with random arguments from small ranges (so that they collide).
  enum Operation {
    case appendItems([Int], String?)
    case insertItems([Int], Int, after: Bool)
    case deleteItems([Int])
    case deleteAllItems
    case moveItem(Int, Int, after: Bool)
    case reloadItems([Int])
    case reconfigureItems([Int])
    case appendSections([String])
    case insertSections([String], String, after: Bool)
    case deleteSections([String])
    case moveSection(String, String, after: Bool)
    case reloadSections([String])

    func apply(to snapshot: inout NumberSnapshot) {
      switch self {
      case .appendItems(let items, let section): snapshot.appendItems(items, toSection: section)
      case .insertItems(let items, let anchor, let after):
        if after {
          snapshot.insertItems(items, afterItem: anchor)
        } else {
          snapshot.insertItems(items, beforeItem: anchor)
        }
      case .deleteItems(let items): snapshot.deleteItems(items)
      case .deleteAllItems: snapshot.deleteAllItems()
      case .moveItem(let item, let anchor, let after):
        if after { snapshot.moveItem(item, afterItem: anchor) } else { snapshot.moveItem(item, beforeItem: anchor) }
      case .reloadItems(let items): snapshot.reloadItems(items)
      case .reconfigureItems(let items): snapshot.reconfigureItems(items)
      case .appendSections(let sections): snapshot.appendSections(sections)
      case .insertSections(let sections, let anchor, let after):
        if after {
          snapshot.insertSections(sections, afterSection: anchor)
        } else {
          snapshot.insertSections(sections, beforeSection: anchor)
        }
      case .deleteSections(let sections): snapshot.deleteSections(sections)
      case .moveSection(let section, let anchor, let after):
        if after {
          snapshot.moveSection(section, afterSection: anchor)
        } else {
          snapshot.moveSection(section, beforeSection: anchor)
        }
      case .reloadSections(let sections): snapshot.reloadSections(sections)
      }
    }

    func apply(to model: inout SnapshotModel) {
      switch self {
      case .appendItems(let items, let section): model.appendItems(items, toSection: section)
      case .insertItems(let items, let anchor, let after): model.insertItems(items, anchor: anchor, after: after)
      case .deleteItems(let items): model.deleteItems(items)
      case .deleteAllItems: model.deleteAllItems()
      case .moveItem(let item, let anchor, let after): model.moveItem(item, anchor: anchor, after: after)
      case .reloadItems(let items): model.mark(items, reconfigure: false)
      case .reconfigureItems(let items): model.mark(items, reconfigure: true)
      case .appendSections(let sections): model.insertSections(sections, anchor: nil, after: false)
      case .insertSections(let sections, let anchor, let after):
        model.insertSections(sections, anchor: anchor, after: after)
      case .deleteSections(let sections): model.deleteSections(sections)
      case .moveSection(let section, let anchor, let after): model.moveSection(section, anchor: anchor, after: after)
      case .reloadSections(let sections): model.reloadSections(sections)
      }
    }
  }

  static let itemRange = 0..<24
  static let sectionNames = (0..<6).map { "S\($0)" }

  static func randomOperation(using random: inout TestRandom, appendingOnly: Bool = false) -> Operation {
    func item() -> Int { Int.random(in: itemRange, using: &random) }
    func section() -> String { sectionNames.randomElement(using: &random)! }
    func items() -> [Int] { (0..<Int.random(in: 0...5, using: &random)).map { _ in item() } }
    func sections() -> [String] { (0..<Int.random(in: 0...3, using: &random)).map { _ in section() } }
    let after = Bool.random(using: &random)
    if appendingOnly {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5: return .appendItems(items(), Bool.random(using: &random) ? nil : section())
      case 5..<7: return .appendSections(sections())
      case 7: return .moveSection(section(), section(), after: after)
      case 8: return .reconfigureItems(items())
      default: return .reloadSections(sections())
      }
    }
    switch Int.random(in: 0..<40, using: &random) {
    case 0..<10: return .appendItems(items(), Bool.random(using: &random) ? nil : section())
    case 10..<14: return .insertItems(items(), item(), after: after)
    case 14..<17: return .deleteItems(items())
    case 17: return .deleteAllItems
    case 18..<22: return .moveItem(item(), item(), after: after)
    case 22..<24: return .reloadItems(items())
    case 24..<26: return .reconfigureItems(items())
    case 26..<31: return .appendSections(sections())
    case 31..<33: return .insertSections(sections(), section(), after: after)
    case 33..<35: return .deleteSections(sections())
    case 35..<38: return .moveSection(section(), section(), after: after)
    default: return .reloadSections(sections())
    }
  }

  /// Checks every query of the snapshot against the model.
  static func expect(_ snapshot: NumberSnapshot, answersAs model: SnapshotModel, after step: String) {
    let context = Comment(rawValue: "after \(step)")
    #expect(snapshot.recordedMisuse?.message == model.misuse, context)
    #expect(snapshot.numberOfSections == model.sections.count, context)
    #expect(snapshot.numberOfItems == model.items.count, context)
    #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), context)
    #expect(snapshot.itemIdentifiers == model.items, context)
    for name in sectionNames {
      let position = model.position(of: name)
      #expect(snapshot.indexOfSection(name) == position, context)
      #expect(snapshot.numberOfItems(inSection: name) == position.map { model.sections[$0].items.count } ?? 0, context)
      #expect(snapshot.itemIdentifiers(inSection: name) == position.map { model.sections[$0].items } ?? [], context)
    }
    let flat = model.items
    for item in itemRange {
      #expect(snapshot.indexOfItem(item) == flat.firstIndex(of: item), context)
      #expect(
        snapshot.sectionIdentifier(containingItem: item)
          == model.location(of: item).map { model.sections[$0.section].id },
        context)
    }
    #expect(snapshot.reloadedItemIdentifiers == model.reloaded, context)
    #expect(snapshot.reconfiguredItemIdentifiers == model.reconfigured, context)
    #expect(snapshot.reloadedSectionIdentifiers == model.reloadedSections, context)
    var rebuilt = NumberSnapshot()
    for section in model.sections {
      rebuilt.appendSections([section.id])
      rebuilt.appendItems(section.items)
    }
    #expect(snapshot == rebuilt, context)
  }
}
