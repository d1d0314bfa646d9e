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
  /// The snapshot shown, the draft the steps edit, and what each item shows.
  var snapshots = FuzzSnapshots()
  var contents: ItemContents { snapshots.contents }
  var shown: Snapshot {
    get { snapshots.shown }
    set { snapshots.shown = newValue }
  }
  var draft: Snapshot {
    get { snapshots.draft }
    set { snapshots.draft = newValue }
  }
  /// Items whose content changed since they were last marked: their visible cells may show an older version,
  /// as UIKit's do until the item is reconfigured or reloaded.
  var stale: Set<Int> = []

  init(_ input: inout FuzzBytes) {
    table = TableView(frame: CGRect(x: 0, y: 0, width: 320, height: input.pick([440, 132, 44, 0, 1000])))
    table.register(DiffableFuzzCell.self, forCellReuseIdentifier: "cell")
    let contents = snapshots.contents
    dataSource = TableViewDiffableDataSource(tableView: table) { tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as? DiffableFuzzCell
      cell?.item = item
      cell?.version = contents.versions[item]
      return cell
    }
    table.delegate = self
    var first = Snapshot()
    for _ in 0..<input.int(below: 4) {
      let section = snapshots.newID()
      first.appendSections([section])
      first.appendItems((0..<input.int(below: 10)).map { _ in snapshots.newItem() }, toSection: section)
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
      return snapshots.edit(&input)
    case 6:
      let item = snapshots.randomItem(&input)
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
    let reloaded = FuzzSnapshots.reloadedItems(of: snapshot)
    let kept = Set(snapshot.itemIdentifiers)
    let expected = snapshots.selectionKept(selectedBefore, applying: snapshot)
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
