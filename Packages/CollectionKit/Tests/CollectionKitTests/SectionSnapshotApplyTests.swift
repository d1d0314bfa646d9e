import CollectionKit
import Foundation
import Testing

@MainActor
@Suite struct SectionSnapshotApplyTests {
  typealias DataSource = CollectionViewDiffableDataSource<String, String>
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>
  typealias Outline = DiffableDataSourceSectionSnapshot<String>

  func makeView() -> (CollectionView, DataSource) {
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    view.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    let dataSource = keep(
      DataSource(collectionView: view) { view, indexPath, item in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath)
        (cell as? LabelCell)?.text = item
        return cell
      })
    return (view, dataSource)
  }

  /// Sections "top" (item "t") and "tree" (no items).
  func twoSections(_ dataSource: DataSource) throws {
    var snapshot = Snapshot()
    snapshot.appendSections(["top", "tree"])
    snapshot.appendItems(["t"], toSection: "top")
    try dataSource.apply(snapshot)
  }

  /// Albums (Blue, Hejira), Singles (River): parents collapsed unless named.
  func albums(expanded: [String] = []) -> Outline {
    var outline = Outline()
    outline.append(["Albums", "Singles"])
    outline.append(["Blue", "Hejira"], to: "Albums")
    outline.append(["River"], to: "Singles")
    outline.expand(expanded)
    return outline
  }

  func texts(_ view: CollectionView, section: Int) -> [String] {
    (0..<view.numberOfItems(inSection: section)).map {
      (view.cellForItem(at: at($0, section)) as? LabelCell)?.text ?? "?"
    }
  }

  @Test func aSectionShowsTheVisibleItemsOfTheOutlineAppliedToIt() throws {
    let (view, dataSource) = makeView()
    try twoSections(dataSource)
    var completed = 0
    try dataSource.apply(albums(expanded: ["Albums"]), to: "tree") { completed += 1 }
    #expect(completed == 1)
    #expect(view.numberOfItems(inSection: 1) == 4)
    #expect(texts(view, section: 1) == ["Albums", "Blue", "Hejira", "Singles"])
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "tree") == ["Albums", "Blue", "Hejira", "Singles"])
    #expect(dataSource.snapshot(for: "tree") == albums(expanded: ["Albums"]))
  }

  @Test(arguments: [false, true])
  func anOutlineAppliedWithOrWithoutAnimatingDifferencesKeepsTheCellsOfItemsStillShown(
    animatingDifferences: Bool
  ) throws {
    let (view, dataSource) = makeView()
    try twoSections(dataSource)
    try dataSource.apply(albums(), to: "tree", animatingDifferences: animatingDifferences)
    let singles = try #require(view.cellForItem(at: at(1, 1)))
    var completed = 0
    try dataSource.apply(albums(expanded: ["Albums"]), to: "tree", animatingDifferences: animatingDifferences) {
      completed += 1
    }
    #expect(completed == 1)
    #expect(texts(view, section: 1) == ["Albums", "Blue", "Hejira", "Singles"])
    #expect(view.cellForItem(at: at(3, 1)) === singles)
  }

  @Test func applyingAnOutlineAgainKeepsTheCellsOfItemsStillShown() throws {
    let (view, dataSource) = makeView()
    try twoSections(dataSource)
    try dataSource.apply(albums(expanded: ["Albums"]), to: "tree")
    let albumsCell = view.cellForItem(at: at(0, 1))
    let singlesCell = view.cellForItem(at: at(3, 1))
    let topCell = view.cellForItem(at: at(0, 0))
    try dataSource.apply(albums(expanded: ["Singles"]), to: "tree")
    #expect(texts(view, section: 1) == ["Albums", "Singles", "River"])
    #expect(view.cellForItem(at: at(0, 1)) === albumsCell)
    #expect(view.cellForItem(at: at(1, 1)) === singlesCell)
    #expect(view.cellForItem(at: at(0, 0)) === topCell)
  }

  @Test func aWholeSnapshotThatChangesASectionMakesItFlatAgain() throws {
    let (_, dataSource) = makeView()
    try twoSections(dataSource)
    try dataSource.apply(albums(expanded: ["Albums"]), to: "tree")
    // The data source's own snapshot, applied back, changes nothing: the outline stays.
    try dataSource.apply(dataSource.snapshot())
    #expect(dataSource.snapshot(for: "tree") == albums(expanded: ["Albums"]))
    var changed = dataSource.snapshot()
    changed.deleteItems(["Blue"])
    try dataSource.apply(changed)
    #expect(dataSource.snapshot(for: "tree").rootItems == ["Albums", "Hejira", "Singles"])
    #expect(dataSource.snapshot(for: "tree").items == ["Albums", "Hejira", "Singles"])
  }

  @Test func aSectionNeverGivenAnOutlineIsFlat() throws {
    let (_, dataSource) = makeView()
    try twoSections(dataSource)
    #expect(dataSource.snapshot(for: "top").rootItems == ["t"])
    #expect(dataSource.snapshot(for: "missing").items.isEmpty)
  }

  @Test func anOutlineForAMissingSectionThrowsUIKitsMessageAndChangesNothing() throws {
    let (view, dataSource) = makeView()
    try twoSections(dataSource)
    try dataSource.apply(albums(), to: "tree")
    let cells = view.visibleCells.map(ObjectIdentifier.init)
    var completed = false
    #expect(
      throws: CollectionViewError.invalidSnapshot(
        #"Invalid parameter not satisfying: section != NSNotFound (section identifier "nowhere" is not in the snapshot)"#
      )
    ) { try dataSource.apply(albums(expanded: ["Albums"]), to: "nowhere") { completed = true } }
    #expect(!completed)
    #expect(texts(view, section: 1) == ["Albums", "Singles"])
    #expect(view.visibleCells.map(ObjectIdentifier.init) == cells)
    #expect(dataSource.snapshot(for: "tree") == albums())
  }

  @Test func anOutlineShowingAnotherSectionsItemOrMisusedThrowsAndChangesNothing() throws {
    let (view, dataSource) = makeView()
    try twoSections(dataSource)
    var shared = Outline()
    shared.append(["x", "t"])
    #expect(
      throws: CollectionViewError.invalidSnapshot(
        #"Supplied item identifiers are not unique. Duplicate identifiers: {("t")}"#)
    ) { try dataSource.apply(shared, to: "tree") }
    var misused = albums()
    misused.append(["River"], to: "Albums")
    #expect(
      misused.firstMisuse
        == .invalidSnapshot(#"Supplied item identifiers are not unique. Duplicate identifiers: {("River")}"#))
    #expect(
      throws: CollectionViewError.invalidSnapshot(
        #"Supplied item identifiers are not unique. Duplicate identifiers: {("River")}"#)
    ) { try dataSource.apply(misused, to: "tree") }
    #expect(view.numberOfItems(inSection: 1) == 0)
    #expect(dataSource.snapshot().itemIdentifiers == ["t"])
  }
}
