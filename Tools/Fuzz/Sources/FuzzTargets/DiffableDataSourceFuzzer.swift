import Foundation
import TableKit

/// TableKit's diffable data source, driven by arbitrary bytes: the snapshot → diff → apply path that the REPL's
/// screen uses, with the snapshot edits a screen makes and the misuses UIKit traps on.
///
/// The first bytes make the table's viewport and a first snapshot. The rest is a sequence of steps: edits to a
/// draft snapshot (sections and items appended, inserted, deleted and moved, reload and reconfigure marks,
/// repeated identifiers and missing anchors among them), changes to what an item shows, applying the draft
/// (as a diff, or by reloading the table's data), selection, scrolling and a change of the viewport. After
/// every step ``DiffableDataSourceHarness/check(after:)`` verifies the invariants.
@MainActor
public enum DiffableDataSourceFuzzer {
  /// At most this many steps of an input run.
  public static let maximumSteps = 256

  /// Runs one input.
  public static func run(_ bytes: [UInt8]) {
    _ = DiffableDataSourceHarness.runSteps(bytes, maximumSteps: maximumSteps)
  }
}

/// What each item shows (its version); the cell provider binds the version current when it runs.
@MainActor
final class ItemContents {
  var versions: [Int: Int] = [:]
}

/// The cell the diffable data source binds its items to.
final class DiffableFuzzCell: TableViewCell {
  var item: Int?
  var version: Int?

  override func prepareForReuse() {
    super.prepareForReuse()
    item = nil
    version = nil
  }
}

/// The table, its diffable data source, the draft snapshot the steps edit, and the checks of
/// ``DiffableDataSourceFuzzer``.
@MainActor
final class DiffableDataSourceHarness: FuzzHarness, TableViewDelegate {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  let table: TableView
  let dataSource: TableViewDiffableDataSource<Int, Int>
  let contents = ItemContents()
  /// The snapshot the table must show: the last one applied.
  var shown = Snapshot()
  /// The snapshot the steps edit, applied by an apply step.
  var draft = Snapshot()
  /// Items whose content changed since they were last marked: their visible cells may show an older version,
  /// as UIKit's do until the item is reconfigured or reloaded.
  var stale: Set<Int> = []
  private var nextID = 0

  init(_ input: inout FuzzBytes) {
    table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: input.pick([440, 132, 44, 0, 1000])))
    table.register(DiffableFuzzCell.self, forCellReuseIdentifier: "cell")
    let contents = contents
    dataSource = TableViewDiffableDataSource(tableView: table) { tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as? DiffableFuzzCell
      cell?.item = item
      cell?.version = contents.versions[item]
      return cell
    }
    table.delegate = self
    var first = Snapshot()
    for _ in 0..<input.int(below: 4) {
      let section = newID()
      first.appendSections([section])
      first.appendItems((0..<input.int(below: 10)).map { _ in newItem() }, toSection: section)
    }
    do {
      try dataSource.applySnapshotUsingReloadData(first)
    } catch {
      invariant(false, "a first snapshot of new identifiers was refused: \(error)")
    }
    shown = first
    draft = first
  }

  // MARK: Steps

  /// Runs one step; returns what it did, for the messages of broken invariants.
  func step(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 16) {
    case 0...5:
      return edit(&input)
    case 6:
      let item = randomItem(&input)
      contents.versions[item, default: 0] += 1
      stale.insert(item)
      return "item \(item) shows something new"
    case 7, 8:
      return applyDraft(animatingDifferences: input.bool())
    case 9:
      return applyDraftUsingReloadData()
    case 10:
      draft = dataSource.snapshot()
      return "a new draft from snapshot()"
    case 11:
      let indexPath = randomIndexPath(&input)
      table.selectRow(at: indexPath, animated: false, scrollPosition: input.pick([.none, .top, .middle, .bottom]))
      return "selectRow(at: \(indexPath))"
    case 12:
      let indexPath = randomIndexPath(&input)
      if input.bool() { table.handleTap(at: indexPath) } else { table.deselectRow(at: indexPath, animated: false) }
      return "a tap or deselection at \(indexPath)"
    case 13:
      let indexPath = randomIndexPath(&input)
      table.scrollToRow(at: indexPath, at: input.pick([.none, .top, .middle, .bottom]), animated: false)
      return "scrollToRow(at: \(indexPath))"
    case 14:
      table.allowsMultipleSelection.toggle()
      return "allowsMultipleSelection = \(table.allowsMultipleSelection)"
    default:
      let height: CGFloat = input.pick([440, 132, 44, 0, 1000])
      table.frame = CGRect(x: 0, y: 0, width: 320, height: height)
      return "frame.height = \(height)"
    }
  }

  /// One edit of the draft, right or wrong: a wrong one is recorded in the draft's ``firstMisuse``.
  private func edit(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 14) {
    case 0:
      let sections = (0..<input.int(in: 1...2)).map { _ in input.int(below: 4) == 0 ? randomSection(&input) : newID() }
      draft.appendSections(sections)
      return "appendSections(\(sections))"
    case 1:
      let section = input.int(below: 4) == 0 ? randomSection(&input) : newID()
      let anchor = randomSection(&input)
      if input.bool() {
        draft.insertSections([section], beforeSection: anchor)
      } else {
        draft.insertSections([section], afterSection: anchor)
      }
      return "insertSections([\(section)]) next to \(anchor)"
    case 2:
      let section = randomSection(&input)
      draft.deleteSections([section])
      return "deleteSections([\(section)])"
    case 3:
      let section = randomSection(&input)
      let anchor = randomSection(&input)
      if input.bool() {
        draft.moveSection(section, beforeSection: anchor)
      } else {
        draft.moveSection(section, afterSection: anchor)
      }
      return "moveSection(\(section)) next to \(anchor)"
    case 4:
      let section = randomSection(&input)
      draft.reloadSections([section])
      return "reloadSections([\(section)])"
    case 5, 6:
      let items = (0..<input.int(in: 1...4)).map { _ in input.int(below: 5) == 0 ? randomItem(&input) : newItem() }
      if input.int(below: 4) == 0 {
        draft.appendItems(items)
      } else {
        draft.appendItems(items, toSection: randomSection(&input))
      }
      return "appendItems(\(items))"
    case 7:
      let item = input.int(below: 5) == 0 ? randomItem(&input) : newItem()
      let anchor = randomItem(&input)
      if input.bool() {
        draft.insertItems([item], beforeItem: anchor)
      } else {
        draft.insertItems([item], afterItem: anchor)
      }
      return "insertItems([\(item)]) next to \(anchor)"
    case 8:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.deleteItems(items)
      return "deleteItems(\(items))"
    case 9:
      let item = randomItem(&input)
      let anchor = randomItem(&input)
      if input.bool() {
        draft.moveItem(item, beforeItem: anchor)
      } else {
        draft.moveItem(item, afterItem: anchor)
      }
      return "moveItem(\(item)) next to \(anchor)"
    case 10:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.reloadItems(items)
      return "reloadItems(\(items))"
    case 11, 12:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.reconfigureItems(items)
      return "reconfigureItems(\(items))"
    default:
      if input.bool() {
        draft.deleteAllItems()
        return "deleteAllItems()"
      }
      let section = randomSection(&input)
      draft.deleteItems(draft.numberOfSections > 0 ? draft.itemIdentifiers(inSection: section) : [])
      return "deleteItems(of section \(section))"
    }
  }

  /// Applies the draft as a diff: a draft without misuse always applies, and then the table shows it, keeps the
  /// selection on the items that stayed in kept sections (but reloaded ones), and shows marked items as they are
  /// now; a draft with a misuse throws it and changes nothing.
  private func applyDraft(animatingDifferences: Bool) -> String {
    let selectedBefore = selectedItems()
    let visibleBefore = table.indexPathsForVisibleRows ?? []
    let snapshot = draft
    do {
      try dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    } catch {
      invariant(
        snapshot.firstMisuse != nil, "a snapshot without misuse was refused: \(error) (\(shown) to \(snapshot))")
      invariant(
        (error as? TableViewError) == snapshot.firstMisuse,
        "apply threw \(error), not the snapshot's misuse \(String(describing: snapshot.firstMisuse))")
      invariant(selectedItems() == selectedBefore, "a refused snapshot changed the selection")
      invariant(table.indexPathsForVisibleRows ?? [] == visibleBefore, "a refused snapshot changed the visible rows")
      draft = dataSource.snapshot()
      return "applying a snapshot with a misuse: \(error)"
    }
    invariant(
      snapshot.firstMisuse == nil, "a snapshot with a misuse applied: \(String(describing: snapshot.firstMisuse))")
    let reloaded = Set(snapshot.reloadedItemIdentifiers).union(
      snapshot.reloadedSectionIdentifiers.flatMap { snapshot.itemIdentifiers(inSection: $0) })
    let kept = Set(snapshot.itemIdentifiers)
    // An item whose old section is deleted, or that lands in a new section, is deleted and inserted (a batch
    // update moves rows only between kept sections), and loses its selection as a reloaded one does.
    let expected = selectedBefore.filter { item in
      guard let old = shown.sectionIdentifier(containingItem: item),
        let new = snapshot.sectionIdentifier(containingItem: item)
      else { return false }
      return snapshot.indexOfSection(old) != nil && shown.indexOfSection(new) != nil && !reloaded.contains(item)
    }
    let selectedAfter = selectedItems()
    invariant(
      selectedAfter.isSubset(of: selectedBefore),
      "after applying \(snapshot) the selection moved to items that were not selected: \(selectedAfter.subtracting(selectedBefore))"
    )
    invariant(
      selectedAfter == expected,
      "after applying \(snapshot) the selected items are \(selectedAfter.sorted()), not \(expected.sorted())")
    stale.subtract(reloaded)
    stale.subtract(snapshot.reconfiguredItemIdentifiers)
    stale.formIntersection(kept)
    shown = snapshot
    draft = dataSource.snapshot()
    return "applying a snapshot (\(dataSource.appliedChanges.map { "\($0)" } ?? "no changes"))"
  }

  /// Applies the draft by reloading the table's data: every cell is made anew and the selection is cleared.
  private func applyDraftUsingReloadData() -> String {
    let snapshot = draft
    do {
      try dataSource.applySnapshotUsingReloadData(snapshot)
    } catch {
      invariant(snapshot.firstMisuse != nil, "a snapshot without misuse was refused by a reload: \(error)")
      draft = dataSource.snapshot()
      return "reloading with a misuse: \(error)"
    }
    invariant(snapshot.firstMisuse == nil, "a snapshot with a misuse was reloaded")
    invariant(table.indexPathsForSelectedRows == nil, "reloading the data kept a selection")
    stale = []
    shown = snapshot
    draft = dataSource.snapshot()
    return "applySnapshotUsingReloadData"
  }

  /// Writes a line and the table's state to standard error (for ``TableKitFuzzer/tracing``).
  func trace(_ line: String) {
    let rows = shown.sectionIdentifiers.map { "\($0):\(shown.itemIdentifiers(inSection: $0))" }.joined(separator: " ")
    let selected = selectedItems().sorted()
    FileHandle.standardError.write(Data("\(line)\n  shown \(rows); selected items \(selected)\n".utf8))
  }

  // MARK: Checks

  /// Checks what must hold after every step.
  func check(after step: @autoclosure () -> String) {
    let current = dataSource.snapshot()
    invariant(
      current.sectionIdentifiers == shown.sectionIdentifiers,
      "after \(step()) snapshot() has sections \(current.sectionIdentifiers), not \(shown.sectionIdentifiers)")
    invariant(current.firstMisuse == nil, "after \(step()) snapshot() holds a misuse")
    invariant(
      current.reloadedItemIdentifiers.isEmpty && current.reconfiguredItemIdentifiers.isEmpty,
      "after \(step()) snapshot() holds marks")
    invariant(table.numberOfSections == shown.numberOfSections, "after \(step()) the table's sections differ")
    for (index, section) in shown.sectionIdentifiers.enumerated() {
      let items = shown.itemIdentifiers(inSection: section)
      invariant(
        current.itemIdentifiers(inSection: section) == items,
        "after \(step()) snapshot() has items \(current.itemIdentifiers(inSection: section)) in section \(section), not \(items)"
      )
      invariant(
        table.numberOfRows(inSection: index) == items.count,
        "after \(step()) section \(index) has \(table.numberOfRows(inSection: index)) rows, the snapshot \(items.count)"
      )
      invariant(dataSource.sectionIdentifier(for: index) == section, "sectionIdentifier(for: \(index)) is wrong")
      invariant(dataSource.index(for: section) == index, "index(for: \(section)) is wrong")
      for (row, item) in items.enumerated() {
        let indexPath = IndexPath(row: row, section: index)
        invariant(dataSource.itemIdentifier(for: indexPath) == item, "itemIdentifier(for: \(indexPath)) is wrong")
        invariant(dataSource.indexPath(for: item) == indexPath, "indexPath(for: \(item)) is wrong")
      }
    }

    let selected = table.indexPathsForSelectedRows ?? []
    invariant(table.indexPathsForSelectedRows?.isEmpty != true, "an empty selection is not nil")
    invariant(selected == selected.sorted(), "the selection is not in row order")
    for indexPath in selected {
      invariant(
        dataSource.itemIdentifier(for: indexPath) != nil, "after \(step()) row \(indexPath) is selected and absent")
    }

    let visible = table.indexPathsForVisibleRows ?? []
    let cells = table.visibleCells
    invariant(cells.count == visible.count, "\(cells.count) visible cells for \(visible.count) visible rows")
    invariant(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "a cell shows two rows")
    for (indexPath, cell) in zip(visible, cells) {
      let item = dataSource.itemIdentifier(for: indexPath)
      invariant(item != nil, "after \(step()) the visible row \(indexPath) is not in the snapshot")
      guard let item, let cell = cell as? DiffableFuzzCell else {
        invariant(false, "after \(step()) row \(indexPath) shows a cell the provider did not make")
        return
      }
      invariant(
        cell.item == item,
        "after \(step()) the cell of row \(indexPath) shows item \(String(describing: cell.item)), not \(item)")
      if !stale.contains(item) {
        invariant(
          cell.version == contents.versions[item],
          "after \(step()) the cell of item \(item) shows version \(String(describing: cell.version)), not \(String(describing: contents.versions[item]))"
        )
      }
      invariant(
        cell.isSelected == selected.contains(indexPath),
        "after \(step()) the cell of row \(indexPath) shows isSelected \(cell.isSelected)")
    }
  }

  // MARK: Choices

  private func newID() -> Int {
    nextID += 1
    return nextID
  }

  private func newItem() -> Int {
    let item = newID()
    contents.versions[item] = 0
    return item
  }

  /// A section of the draft or the shown snapshot most of the time, else one that exists in neither (negative:
  /// new identifiers are positive).
  private func randomSection(_ input: inout FuzzBytes) -> Int {
    let known = Array(Set(draft.sectionIdentifiers).union(shown.sectionIdentifiers)).sorted()
    return known.isEmpty || input.int(below: 8) == 0 ? -1 - input.int(below: 3) : input.pick(known)
  }

  /// An item of the draft or the shown snapshot most of the time, else one that exists in neither (negative:
  /// new identifiers are positive).
  private func randomItem(_ input: inout FuzzBytes) -> Int {
    let known = Array(Set(draft.itemIdentifiers).union(shown.itemIdentifiers)).sorted()
    return known.isEmpty || input.int(below: 8) == 0 ? -1 - input.int(below: 3) : input.pick(known)
  }

  /// A row of the shown snapshot, or next to one.
  private func randomIndexPath(_ input: inout FuzzBytes) -> IndexPath {
    let section = input.int(in: -1...shown.numberOfSections)
    let rows =
      shown.sectionIdentifiers.indices.contains(section)
      ? shown.numberOfItems(inSection: shown.sectionIdentifiers[section]) : 2
    return IndexPath(row: input.int(in: -1...rows), section: section)
  }

  private func selectedItems() -> Set<Int> {
    Set((table.indexPathsForSelectedRows ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
  }
}
