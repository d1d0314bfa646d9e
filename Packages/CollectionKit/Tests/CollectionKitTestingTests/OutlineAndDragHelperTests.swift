import CollectionKit
import CollectionKitTesting
import Foundation
import Testing

@MainActor
@Suite struct OutlineAndDragHelperTests {
  typealias DataSource = CollectionViewDiffableDataSource<String, String>
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>
  typealias Outline = DiffableDataSourceSectionSnapshot<String>

  /// A list-like grid (the flow layout's 50 × 50 items, five a line in 320 points) whose diffable data source
  /// records every handler call in `calls`.
  @MainActor
  final class Screen {
    let view: CollectionView
    let dataSource: DataSource
    var calls: [String] = []

    init() {
      view = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
      view.register(TitleCell.self, forCellWithReuseIdentifier: "title")
      dataSource = DataSource(collectionView: view) { view, indexPath, item in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "title", for: indexPath)
        (cell as? TitleCell)?.title = item
        return cell
      }
    }

    /// Records should-, will- and loading calls; `refuse` names the calls that answer false.
    func recordOutlineCalls(refusing refuse: Set<String> = []) {
      dataSource.sectionSnapshotHandlers.shouldExpandItem = { [unowned self] item in
        calls.append("shouldExpand \(item)")
        return !refuse.contains("shouldExpand")
      }
      dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned self] in calls.append("willExpand \($0)") }
      dataSource.sectionSnapshotHandlers.shouldCollapseItem = { [unowned self] item in
        calls.append("shouldCollapse \(item)")
        return !refuse.contains("shouldCollapse")
      }
      dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned self] in calls.append("willCollapse \($0)") }
    }

    var titles: [[String]] {
      (0..<view.numberOfSections).map { section in
        (0..<view.numberOfItems(inSection: section)).map {
          (try? view.fetchCell(at: item($0, section)) as? TitleCell)?.title ?? "?"
        }
      }
    }
  }

  /// Section "library": Albums (Blue, Hejira), Singles (River), all collapsed.
  func library(_ screen: Screen) throws {
    var snapshot = Snapshot()
    snapshot.appendSections(["library"])
    try screen.dataSource.apply(snapshot)
    var outline = Outline()
    outline.append(["Albums", "Singles"])
    outline.append(["Blue", "Hejira"], to: "Albums")
    outline.append(["River"], to: "Singles")
    try screen.dataSource.apply(outline, to: "library")
  }

  // MARK: Disclosure

  @Test func tappingADisclosureExpandsThenCollapsesThroughTheHandlersInOrder() throws {
    let screen = Screen()
    try library(screen)
    screen.recordOutlineCalls()
    let singles = try screen.view.fetchCell(at: item(1))
    try screen.view.tapDisclosure(at: item(0))
    #expect(screen.calls == ["shouldExpand Albums", "willExpand Albums"])
    #expect(screen.titles == [["Albums", "Blue", "Hejira", "Singles"]])
    #expect(screen.view.cellForItem(at: item(3)) === singles)
    #expect(screen.dataSource.snapshot(for: "library").isExpanded("Albums"))
    screen.calls = []
    try screen.view.tapDisclosure(at: item(0))
    #expect(screen.calls == ["shouldCollapse Albums", "willCollapse Albums"])
    #expect(screen.titles == [["Albums", "Singles"]])
  }

  @Test func aRefusedCollapseOrExpandChangesNothing() throws {
    let screen = Screen()
    try library(screen)
    screen.recordOutlineCalls(refusing: ["shouldExpand"])
    try screen.view.tapDisclosure(at: item(1))
    #expect(screen.calls == ["shouldExpand Singles"])
    #expect(screen.titles == [["Albums", "Singles"]])
    screen.recordOutlineCalls(refusing: ["shouldCollapse"])
    try screen.view.tapDisclosure(at: item(1))
    screen.calls = []
    try screen.view.tapDisclosure(at: item(1))
    #expect(screen.calls == ["shouldCollapse Singles"])
    #expect(screen.titles == [["Albums", "Singles", "River"]])
    #expect(screen.dataSource.snapshot(for: "library").isExpanded("Singles"))
  }

  @Test func snapshotForExpandingParentGivesAnItemItsChildrenAfterWillExpand() throws {
    let screen = Screen()
    try library(screen)
    var outline = screen.dataSource.snapshot(for: "library")
    outline.append(["Live"])
    try screen.dataSource.apply(outline, to: "library")
    screen.recordOutlineCalls()
    screen.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { [unowned screen] parent, children in
      screen.calls.append("load \(parent) (had \(children.items.count))")
      var loaded = Outline()
      loaded.append(["Miles of Aisles", "Shadows and Light"])
      return loaded
    }
    try screen.view.tapDisclosure(at: item(2))
    #expect(screen.calls == ["shouldExpand Live", "willExpand Live", "load Live (had 0)"])
    #expect(screen.titles == [["Albums", "Singles", "Live", "Miles of Aisles", "Shadows and Light"]])
    #expect(screen.dataSource.snapshot(for: "library").level(of: "Shadows and Light") == 1)
  }

  @Test func loadedChildrenThatRepeatAnItemThrowAndLeaveTheViewAsItWas() throws {
    let screen = Screen()
    try library(screen)
    let cells = screen.view.visibleCells.map(ObjectIdentifier.init)
    screen.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
      var loaded = Outline()
      loaded.append(["Blue"])
      return loaded
    }
    #expect(
      throws: CollectionViewError.invalidSnapshot(
        #"Supplied item identifiers are not unique. Duplicate identifiers: {("Blue")}"#)
    ) { try screen.view.tapDisclosure(at: item(1)) }
    #expect(screen.titles == [["Albums", "Singles"]])
    #expect(screen.view.visibleCells.map(ObjectIdentifier.init) == cells)
    #expect(!screen.dataSource.snapshot(for: "library").isExpanded("Singles"))
  }

  @Test func aDisclosureTapIsRefusedWithAMessageNamingTheItemAndCause() throws {
    let screen = Screen()
    try library(screen)
    var outline = screen.dataSource.snapshot(for: "library")
    outline.append(["Live"])
    try screen.dataSource.apply(outline, to: "library")
    #expect(
      message { try screen.view.tapDisclosure(at: item(2)) }
        == "Item 2 in section 0 has no outline disclosure: it has no children.")
    #expect(message { try screen.view.tapDisclosure(at: item(9)) } == "Collection view has no item 9 in section 0.")
    #expect(message { try screen.view.tapDisclosure(at: item(0, 3)) } == "Collection view has no section 3.")
    let (plain, _) = makeGrid([["a"]])
    #expect(
      message { try plain.tapDisclosure(at: item(0)) } == "Diffable data source required to tap an outline disclosure.")
    let bare = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    #expect(message { try bare.tapDisclosure(at: item(0)) } == "Data source required to tap an outline disclosure.")
  }

  // MARK: Reordering

  /// Sections "A" (a1 a2 a3) and "B" (b1), a flat grid.
  func grid(_ screen: Screen) throws {
    var snapshot = Snapshot()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems(["a1", "a2", "a3"], toSection: "A")
    snapshot.appendItems(["b1"], toSection: "B")
    try screen.dataSource.apply(snapshot)
  }

  @Test func draggingAnItemTellsTheReorderingHandlersWithTheTransaction() throws {
    let screen = Screen()
    try grid(screen)
    let cellA1 = try screen.view.fetchCell(at: item(0))
    var transactions: [DiffableDataSourceTransaction<String, String>] = []
    screen.dataSource.reorderingHandlers.canReorderItem = { [unowned screen] in
      screen.calls.append("canReorder \($0)")
      return true
    }
    screen.dataSource.reorderingHandlers.willReorder = { [unowned screen] transaction in
      screen.calls.append("willReorder, shown \(screen.dataSource.snapshot().itemIdentifiers)")
      transactions.append(transaction)
    }
    screen.dataSource.reorderingHandlers.didReorder = { [unowned screen] transaction in
      let shown = (screen.view.cellForItem(at: item(2)) as? TitleCell)?.title ?? "?"
      screen.calls.append("didReorder, shown \(screen.dataSource.snapshot().itemIdentifiers), cell 0.2 \(shown)")
      transactions.append(transaction)
    }
    try screen.view.dragItem(at: item(0), to: item(2))
    #expect(
      screen.calls == [
        "canReorder a1", #"willReorder, shown ["a1", "a2", "a3", "b1"]"#,
        #"didReorder, shown ["a2", "a3", "a1", "b1"], cell 0.2 a1"#,
      ])
    #expect(screen.titles == [["a2", "a3", "a1"], ["b1"]])
    #expect(screen.view.cellForItem(at: item(2)) === cellA1)
    let transaction = try #require(transactions.last)
    #expect(transaction.initialSnapshot.itemIdentifiers == ["a1", "a2", "a3", "b1"])
    #expect(transaction.finalSnapshot.itemIdentifiers == ["a2", "a3", "a1", "b1"])
    #expect(transaction.finalSnapshot == screen.dataSource.snapshot())
    #expect(["a1", "a2", "a3", "b1"].applying(transaction.difference) == ["a2", "a3", "a1", "b1"])
    #expect(transaction.difference.count == 2)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["A"])
    #expect(transaction.sectionTransactions.first?.finalSnapshot.items == ["a2", "a3", "a1"])
  }

  @Test func draggingIntoAnotherSectionGivesBothSectionsTransactions() throws {
    let screen = Screen()
    try grid(screen)
    var transaction: DiffableDataSourceTransaction<String, String>?
    screen.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    screen.dataSource.reorderingHandlers.didReorder = { transaction = $0 }
    try screen.view.dragItem(at: item(1), to: item(0, 1))
    #expect(screen.titles == [["a1", "a3"], ["a2", "b1"]])
    #expect(transaction?.sectionTransactions.map(\.sectionIdentifier) == ["A", "B"])
    #expect(transaction?.sectionTransactions.last?.initialSnapshot.items == ["b1"])
    #expect(transaction?.sectionTransactions.last?.finalSnapshot.items == ["a2", "b1"])
  }

  @Test func anItemTheHandlersDoNotLetMoveIsRefusedAndNothingMoves() throws {
    let screen = Screen()
    try grid(screen)
    #expect(
      message { try screen.view.dragItem(at: item(0), to: item(1)) }
        == "Interaction with item 0 in section 0 rejected: Collection view data source does not allow moving that item."
    )
    var told = 0
    screen.dataSource.reorderingHandlers.canReorderItem = { $0 != "a3" }
    screen.dataSource.reorderingHandlers.willReorder = { _ in told += 1 }
    screen.dataSource.reorderingHandlers.didReorder = { _ in told += 1 }
    #expect(
      message { try screen.view.dragItem(at: item(2), to: item(0)) }
        == "Interaction with item 2 in section 0 rejected: Collection view data source does not allow moving that item."
    )
    #expect(
      message { try screen.view.dragItem(at: item(0), to: item(5)) } == "Collection view has no item 5 in section 0.")
    #expect(told == 0)
    #expect(screen.titles == [["a1", "a2", "a3"], ["b1"]])
  }

  @Test func itemsOfASectionWithParentsCannotBeReordered() throws {
    let screen = Screen()
    try library(screen)
    screen.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    #expect(
      message { try screen.view.dragItem(at: item(1), to: item(0)) }
        == "Interaction with item 1 in section 0 rejected: Collection view data source does not allow moving that item."
    )
  }

  @Test func withoutADataSourceDraggingIsRefusedInFleetsWords() {
    let bare = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: CollectionViewFlowLayout())
    #expect(message { try bare.dragItem(at: item(0), to: item(1)) } == "Data source required to move item.")
  }

  /// The description of the collection view error the body throws; nil if it throws none.
  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? CollectionViewError)?.description
    }
  }
}
