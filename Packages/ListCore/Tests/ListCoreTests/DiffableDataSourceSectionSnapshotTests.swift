import Foundation
import ListCore
import ListCoreTesting
import Testing

@Suite struct DiffableDataSourceSectionSnapshotTests {
  typealias Outline = DiffableDataSourceSectionSnapshot<String>

  /// a (b (c), d), e — with b's children under b and a's under a.
  func sample() -> Outline {
    var outline = Outline()
    outline.append(["a", "e"])
    outline.append(["b", "d"], to: "a")
    outline.append(["c"], to: "b")
    return outline
  }

  @Test func aNewParentStartsCollapsedAndHidesItsChildren() {
    let outline = sample()
    #expect(outline.items == ["a", "b", "c", "d", "e"])
    #expect(outline.visibleItems == ["a", "e"])
    #expect(outline.rootItems == ["a", "e"])
    #expect(!outline.isExpanded("a"))
    #expect(!outline.isVisible("b"))
    #expect(outline.recordedMisuse == nil)
  }

  @Test func anItemIsVisibleOnlyWhenAllItsAncestorsAreExpanded() {
    var outline = sample()
    outline.expand(["b"])
    #expect(outline.visibleItems == ["a", "e"])
    #expect(!outline.isVisible("c"))
    outline.expand(["a"])
    #expect(outline.visibleItems == ["a", "b", "c", "d", "e"])
    #expect(outline.isVisible("c"))
  }

  @Test func collapsingAParentHidesItsDescendants() {
    var outline = sample()
    outline.expand(["a", "b"])
    outline.collapse(["a"])
    #expect(outline.visibleItems == ["a", "e"])
    #expect(outline.isExpanded("b"))
    outline.expand(["a"])
    #expect(outline.visibleItems == ["a", "b", "c", "d", "e"])
  }

  @Test func parentsLevelsAndIndexesFollowTheTree() {
    let outline = sample()
    #expect(outline.parent(of: "c") == "b")
    #expect(outline.parent(of: "a") == nil)
    #expect(outline.parent(of: "z") == nil)
    let levels = ["a", "b", "c", "z"].map { outline.level(of: $0) }
    #expect(levels == [0, 1, 2, -1])
    #expect(outline.index(of: "d") == 3)
    #expect(outline.index(of: "z") == nil)
    #expect(outline.contains("c") && !outline.contains("z"))
  }

  @Test func insertsLandNextToTheirAnchorUnderItsParent() {
    var outline = sample()
    outline.insert(["x"], before: "d")
    outline.insert(["y"], after: "c")
    outline.insert(["w"], after: "e")
    #expect(outline.items == ["a", "b", "c", "y", "x", "d", "e", "w"])
    #expect(outline.parent(of: "x") == "a")
    #expect(outline.parent(of: "y") == "b")
    #expect(outline.parent(of: "w") == nil)
  }

  @Test func deletingAParentDeletesItsDescendants() {
    var outline = sample()
    outline.delete(["b", "c", "z"])
    #expect(outline.items == ["a", "d", "e"])
    #expect(!outline.contains("c"))
    outline.deleteAll()
    #expect(outline.items.isEmpty && outline.rootItems.isEmpty)
  }

  @Test func aSubtreeSnapshotKeepsExpansionAndCanBeGraftedElsewhere() {
    var outline = sample()
    outline.expand(["b"])
    let children = outline.snapshot(of: "a")
    #expect(children.rootItems == ["b", "d"])
    #expect(children.visibleItems == ["b", "c", "d"])
    let withParent = outline.snapshot(of: "a", includingParent: true)
    #expect(withParent.rootItems == ["a"])
    #expect(withParent.items == ["a", "b", "c", "d"])
    #expect(withParent.parent(of: "a") == nil)

    var other = Outline()
    other.append(["top"])
    other.append(children, to: "top")
    other.expand(["top"])
    #expect(other.visibleItems == ["top", "b", "c", "d"])
    var before = Outline()
    before.append(["p"])
    other.insert(before, before: "top")
    var after = Outline()
    after.append(["q"])
    other.insert(after, after: "c")
    #expect(other.items == ["p", "top", "b", "c", "q", "d"])
    #expect(other.parent(of: "q") == "b")
  }

  @Test func replacingChildrenDropsTheOldDescendantsAndKeepsTheParentsState() {
    var outline = sample()
    outline.expand(["a"])
    var children = Outline()
    children.append(["c", "n"])
    children.append(["m"], to: "n")
    children.expand(["n"])
    outline.replace(childrenOf: "a", using: children)
    #expect(outline.items == ["a", "c", "n", "m", "e"])
    #expect(outline.visibleItems == ["a", "c", "n", "m", "e"])
    #expect(!outline.contains("b") && !outline.contains("d"))
    #expect(outline.parent(of: "c") == "a")
    #expect(outline.recordedMisuse == nil)
  }

  @Test func visualDescriptionIndentsEachLevelAndMarksParents() {
    var outline = sample()
    outline.expand(["a"])
    #expect(
      outline.visualDescription()
        == """
        - "a"
          + "b"
            * "c"
          * "d"
        * "e"
        """.replacingOccurrences(of: "\"", with: ""))
  }

  // MARK: Misuse

  @Test func misuseIsRecordedWithUIKitsWordsAndChangesNothing() {
    let cases: [(String, (inout Outline) -> Void)] = [
      (#"Supplied item identifiers are not unique. Duplicate identifiers: {("x")}"#, { $0.append(["x", "x"]) }),
      (#"Supplied item identifiers are not unique. Duplicate identifiers: {("c")}"#, { $0.append(["x", "c"]) }),
      (
        #"Invalid parameter not satisfying: parent != NSNotFound (item identifier "z" is not in the snapshot)"#,
        { $0.append(["x"], to: "z") }
      ),
      (
        #"Invalid parameter not satisfying: index != NSNotFound (item identifier "z" is not in the snapshot)"#,
        { $0.insert(["x"], after: "z") }
      ),
      (
        #"Invalid update: destination for insertion operation ["x"] is in the insertion identifier list for update."#,
        { $0.insert(["x"], before: "x") }
      ),
      (#"Supplied item identifiers are not unique. Duplicate identifiers: {("a")}"#, { $0.delete(["a", "a"]) }),
      (
        #"Invalid parameter not satisfying: parent != NSNotFound (item identifier "z" is not in the snapshot)"#,
        { $0.replace(childrenOf: "z", using: Outline()) }
      ),
      (
        #"Supplied item identifiers are not unique. Duplicate identifiers: {("e")}"#,
        {
          var children = Outline()
          children.append(["e"])
          $0.replace(childrenOf: "a", using: children)
        }
      ),
      (
        #"Supplied item identifiers are not unique. Duplicate identifiers: {("a", "b", "c", "d")}"#,
        { $0.append($0.snapshot(of: "a", includingParent: true), to: "e") }
      ),
      (
        #"Invalid update: destination for insertion operation ["c"] is in the insertion identifier list for update."#,
        { $0.insert($0.snapshot(of: "b", includingParent: true), after: "c") }
      ),
      (
        #"Invalid parameter not satisfying: index != NSNotFound (item identifier "z" is not in the snapshot)"#,
        { $0.insert(Outline(), before: "z") }
      ),
      (
        #"Invalid parameter not satisfying: parent != NSNotFound (item identifier "z" is not in the snapshot)"#,
        { $0.append(Outline(), to: "z") }
      ),
    ]
    for (message, misuse) in cases {
      var outline = sample()
      misuse(&outline)
      #expect(outline.recordedMisuse?.message == message)
      #expect(outline == sample(), "\(message)")
      // Later calls work as usual and the first misuse is kept.
      outline.append(["later"])
      outline.append(["y", "y"])
      #expect(outline.items.last == "later")
      #expect(outline.recordedMisuse?.message == message)
    }
  }

  @Test func aSubtreeOfAnItemNotHeldIsEmptyAndRecordsTheMisuse() {
    let outline = sample().snapshot(of: "z")
    #expect(outline.items.isEmpty)
    #expect(
      outline.recordedMisuse?.message
        == #"Invalid parameter not satisfying: parent != NSNotFound (item identifier "z" is not in the snapshot)"#)
  }

  // MARK: Reference model

  @Test(arguments: 0..<20)
  func randomEditsAnswerAsTheReferenceModel(seed: UInt64) {
    var random = TestRandom(state: 0x0071_11E0_0000 + seed)
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    var model = OutlineModel()
    for step in 0..<80 {
      func id() -> Int { Int.random(in: 0..<30, using: &random) }
      func ids() -> [Int] { (0..<Int.random(in: 0...3, using: &random)).map { _ in id() } }
      let existing = model.items
      func anchor() -> Int {
        existing.isEmpty || Int.random(in: 0..<8, using: &random) == 0 ? id() : existing.randomElement(using: &random)!
      }
      let description: String
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1:
        let (new, parent) = (ids(), Bool.random(using: &random) ? nil : anchor())
        description = "append \(new) to \(String(describing: parent))"
        outline.append(new, to: parent)
        model.append(new, to: parent)
      case 2:
        let (new, anchor, after) = (ids(), anchor(), Bool.random(using: &random))
        description = "insert \(new) \(after ? "after" : "before") \(anchor)"
        if after { outline.insert(new, after: anchor) } else { outline.insert(new, before: anchor) }
        model.insert(new, nextTo: anchor, after: after)
      case 3:
        let gone = Int.random(in: 0..<4, using: &random) == 0 ? [anchor(), anchor()] : [anchor()]
        description = "delete \(gone)"
        outline.delete(gone)
        model.delete(gone)
      case 4, 5:
        let parents = [anchor(), anchor()]
        description = "expand \(parents)"
        outline.expand(parents)
        model.setExpanded(parents, true)
      case 6:
        let parents = [anchor()]
        description = "collapse \(parents)"
        outline.collapse(parents)
        model.setExpanded(parents, false)
      default:
        let (parent, new) = (anchor(), ids())
        description = "replace children of \(parent) with \(new)"
        var children = DiffableDataSourceSectionSnapshot<Int>()
        children.append(new)
        outline.replace(childrenOf: parent, using: children)
        model.replaceChildren(of: parent, with: new)
      }
      let context = "seed \(seed), step \(step): \(description)"
      #expect(outline.items == model.items, "\(context)")
      #expect(outline.visibleItems == model.visibleItems, "\(context)")
      #expect(outline.rootItems == model.roots.map(\.id), "\(context)")
      #expect((outline.recordedMisuse != nil) == model.refused, "\(context)")
      let facts = Dictionary(uniqueKeysWithValues: model.flattened.map { ($0.id, $0.facts) })
      for item in 0..<30 {
        let expected = facts[item]
        #expect(outline.contains(item) == (expected != nil), "\(context), item \(item)")
        #expect(outline.level(of: item) == expected?.level ?? -1, "\(context), item \(item)")
        #expect(outline.parent(of: item) == expected?.parent, "\(context), item \(item)")
        #expect(outline.isExpanded(item) == expected?.isExpanded ?? false, "\(context), item \(item)")
        #expect(outline.isVisible(item) == expected?.isVisible ?? false, "\(context), item \(item)")
        #expect(outline.index(of: item) == model.items.firstIndex(of: item), "\(context), item \(item)")
      }
    }
  }

  // MARK: Cost

  @Test func theVisibleItemsOfAHundredThousandItemOutlineTakeOneWalk() {
    // 1,000 parents of 99 children each: 100,000 items. A quadratic walk (one search of the whole outline per
    // item) would take some 10^10 steps; one walk takes 10^5 and this test a fraction of a second.
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    let parents = Array(stride(from: 0, to: 100_000, by: 100))
    outline.append(parents)
    for parent in parents { outline.append(Array(parent + 1..<parent + 100), to: parent) }
    outline.expand(parents.filter { $0 % 200 == 0 })
    #expect(outline.items.count == 100_000)
    // 500 expanded parents show 500 + 500 × 99 = 50,000 items; the 500 collapsed ones show themselves.
    #expect(outline.visibleItems.count == 50_000 + 500)
    outline.delete(parents.filter { $0 % 200 == 100 })
    #expect(outline.items.count == 50_000)
    #expect(outline.visibleItems.count == 50_000)
  }
}
