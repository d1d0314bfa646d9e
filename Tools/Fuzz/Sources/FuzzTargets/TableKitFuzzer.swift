import Foundation
import TableKit

/// TableKit's table view, driven by arbitrary bytes against a data source made from the same bytes.
///
/// The first bytes make the data source (sections of rows, each row an identifier and a value, identifiers
/// sometimes repeated), the table's geometry and the delegate's answers; the rest is a sequence of steps:
/// batch updates that are right (a ``Changeset`` computed by diffing), nearly right (one change off) or
/// random, single changes outside a batch, reloads, programmatic and user selection, scrolling, cell
/// requests, swipe actions that delete or update their row (finishing at once or later), and changes of
/// geometry and selection modes. The delegate may refuse or redirect selection and change the data while
/// rows are being deselected. After every step ``TableKitHarness/check(after:)`` verifies the invariants.
@MainActor
public enum TableKitFuzzer {
  /// At most this many steps of an input run.
  public static let maximumSteps = 256

  /// Whether each step is printed as it runs (set `FUZZ_TRACE=1` when replaying an input).
  static let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

  /// Runs one input.
  public static func run(_ bytes: [UInt8]) {
    let harness = TableKitHarness.runSteps(bytes, maximumSteps: maximumSteps)
    harness.finishActions()
    harness.check(after: "finishing the actions")
  }
}

/// A row of the fuzzed data source: kept across updates by its identifier, changed when its value changes.
struct FuzzItem: Identifiable, Hashable {
  var id: Int
  var value: Int
}

/// A section of the fuzzed data source.
struct FuzzSection: Hashable {
  var id: Int
  var title: String?
  var items: [FuzzItem]
}

/// The cell the fuzzed data source binds its rows to.
final class FuzzCell: TableViewCell {
  var item: FuzzItem?

  override func prepareForReuse() {
    super.prepareForReuse()
    item = nil
  }
}

/// The table, its data source and delegate, and the steps and checks of ``TableKitFuzzer``.
@MainActor
final class TableKitHarness: FuzzHarness, TableViewDataSource, TableViewDelegate {
  let table: TableView
  /// Whether every visible cell must show its row's current item: true after reloads and right updates,
  /// false after a random update the table accepted (it keeps cells, as UIKit does, when told wrongly).
  var cellsAreExact = true
  /// The data source's sections and the makings of changes to them.
  var model = FuzzSections()
  var sections: [FuzzSection] {
    get { model.sections }
    set { model.sections = newValue }
  }
  // The delegate's answers.
  private var highlightPolicy: UInt8 = 0
  private var willSelectPolicy: UInt8 = 0
  private var willDeselectPolicy: UInt8 = 0
  private var deselectMutates = false
  private var actionPolicy: UInt8 = 0
  private var pendingCompletions: [(Bool) -> Void] = []

  init(_ input: inout FuzzBytes) {
    table = TableView(
      frame: CGRect(x: 0, y: 0, width: 320, height: FuzzLength.pick(&input, usual: [440, 132, 44, 1000])))
    table.register(FuzzCell.self, forCellReuseIdentifier: "cell")
    let sectionCount = input.int(below: 5)
    for _ in 0..<sectionCount {
      let section = model.makeSection(rows: input.int(below: 12), &input)
      sections.append(section)
    }
    setPolicies(&input)
    table.dataSource = self
    table.delegate = self
  }

  // MARK: Steps

  /// Runs one step; returns what it did, for the messages of broken invariants.
  func step(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 20) {
    case 0:
      let old = sections
      model.mutate(&input)
      let changes = Changeset.difference(from: FuzzSections.diffable(old), to: FuzzSections.diffable(sections))
      let selectedIDs = Set((table.indexPathsForSelectedRows ?? []).map { old[$0.section].items[$0.row].id })
      do {
        try table.apply(changes)
      } catch {
        invariant(false, "a changeset from a diff was refused: \(error) (\(old) to \(sections))")
      }
      for indexPath in table.indexPathsForSelectedRows ?? [] {
        invariant(
          selectedIDs.contains(sections[indexPath.section].items[indexPath.row].id),
          "after a diff the selection moved to row \(indexPath), which was not selected")
      }
      return "applying a diff \(changes)"
    case 1:
      model.mutate(&input)
      let changes = model.randomChanges(&input)
      perform(changes)
      return "a random batch update \(changes)"
    case 2:
      let old = sections
      model.mutate(&input)
      var changes = Changeset.difference(from: FuzzSections.diffable(old), to: FuzzSections.diffable(sections))
      model.perturb(&changes, &input)
      perform(changes)
      return "a diff with one change off \(changes)"
    case 3:
      model.mutate(&input)
      table.reloadData()
      cellsAreExact = true
      return "reloadData"
    case 4:
      let indexPath = input.bool() ? nil : model.randomIndexPath(&input)
      table.selectRow(at: indexPath, animated: false, scrollPosition: randomScrollPosition(&input))
      return "selectRow(at: \(indexPath.map(String.init(describing:)) ?? "nil"))"
    case 5:
      let indexPath = model.randomIndexPath(&input)
      table.deselectRow(at: indexPath, animated: input.bool())
      return "deselectRow(at: \(indexPath))"
    case 6:
      let indexPath = model.randomIndexPath(&input)
      table.handleTap(at: indexPath)
      return "handleTap(at: \(indexPath))"
    case 7:
      let indexPath = model.randomIndexPath(&input)
      table.handleDeselectTap(at: indexPath)
      return "handleDeselectTap(at: \(indexPath))"
    case 8:
      let indexPath = model.randomIndexPath(&input)
      table.scrollToRow(at: indexPath, at: randomScrollPosition(&input), animated: input.bool())
      return "scrollToRow(at: \(indexPath))"
    case 9:
      let y = FuzzLength.pick(&input, usual: [0, 10, 44, 1000, 1e6, -5])
      table.contentOffset = CGPoint(x: 0, y: y)
      return "contentOffset.y = \(y)"
    case 10:
      let indexPath = model.randomIndexPath(&input)
      if let cell = table.cellForRow(at: indexPath) {
        invariant(
          table.indexPathsForVisibleRows?.contains(indexPath) == true, "a cell for the invisible row \(indexPath)")
        invariant(table.indexPath(for: cell) == indexPath, "the cell of row \(indexPath) says it is elsewhere")
      }
      return "cellForRow(at: \(indexPath))"
    case 11:
      let identifier = input.bool() ? "cell" : "unregistered"
      let cell =
        input.bool()
        ? table.dequeueReusableCell(withIdentifier: identifier, for: model.randomIndexPath(&input))
        : table.dequeueReusableCell(withIdentifier: identifier)
      if let cell {
        invariant(
          !table.visibleCells.contains { $0 === cell }, "dequeueReusableCell handed out a cell that is on screen")
      }
      return "dequeueReusableCell(withIdentifier: \(identifier))"
    case 12:
      let height = FuzzLength.pick(&input, usual: [440, 0, 44, 100, 22.5])
      table.frame = CGRect(x: 0, y: 0, width: 320, height: height)
      return "frame.height = \(height)"
    case 13:
      switch input.int(below: 3) {
      case 0: table.rowHeight = FuzzLength.pick(&input, usual: [44, 1, 0.5, 100])
      case 1: table.sectionHeaderHeight = FuzzLength.pick(&input, usual: [28, 0, 10])
      default: table.sectionFooterHeight = FuzzLength.pick(&input, usual: [28, 0, 10])
      }
      return "row height \(table.rowHeight), header \(table.sectionHeaderHeight), footer \(table.sectionFooterHeight)"
    case 14:
      switch input.int(below: 5) {
      case 0: table.allowsSelection.toggle()
      case 1: table.allowsMultipleSelection.toggle()
      case 2: table.allowsSelectionDuringEditing.toggle()
      case 3: table.allowsMultipleSelectionDuringEditing.toggle()
      default: table.isEditing.toggle()
      }
      return "selection modes"
    case 15:
      setPolicies(&input)
      return "delegate policies"
    case 16:
      let indexPath = model.randomIndexPath(&input)
      let actions = table.editActions(forRowAt: indexPath)
      if !actions.isEmpty {
        table.handleEditAction(actions[input.int(below: actions.count)], forRowAt: indexPath)
      }
      return "an edit action of row \(indexPath) (of \(actions.count))"
    case 17:
      finishActions()
      return "finishing the actions"
    case 18:
      return singleChange(&input)
    default:
      if input.bool() { model.mutate(&input) }
      do {
        try table.performBatchUpdates { [self] in
          try? table.performBatchUpdates({ self.table.reloadData() }, completion: nil)
        }
        invariant(false, "reloadData inside performBatchUpdates was accepted")
      } catch {
        cellsAreExact = true
      }
      return "reloadData inside a batch update"
    }
  }

  /// Writes a line and the table's state to standard error (for ``TableKitFuzzer/tracing``).
  func trace(_ line: String) {
    let rows = sections.map { "\($0.items.map(\.id))" }.joined(separator: " ")
    let selected = table.indexPathsForSelectedRows.map { "\($0)" } ?? "none"
    FileHandle.standardError.write(
      Data("\(line)\n  rows \(rows); selected \(selected); multiple \(table.allowsMultipleSelection)\n".utf8))
  }

  /// Calls the completions of swipe actions that finish later.
  func finishActions() {
    let completions = pendingCompletions
    pendingCompletions = []
    for completion in completions { completion(true) }
  }

  // MARK: Checks

  /// Checks what must hold after every step.
  func check(after step: @autoclosure () -> String) {
    invariant(
      table.numberOfSections == sections.count,
      "after \(step()) the table has \(table.numberOfSections) sections, the data source \(sections.count)")
    for (index, section) in sections.enumerated() {
      invariant(
        table.numberOfRows(inSection: index) == section.items.count,
        "after \(step()) section \(index) has \(table.numberOfRows(inSection: index)) rows, the data source \(section.items.count)"
      )
    }
    let selected = table.indexPathsForSelectedRows ?? []
    invariant(table.indexPathsForSelectedRows?.isEmpty != true, "an empty selection is not nil")
    invariant(selected == selected.sorted(), "the selection is not in row order")
    for indexPath in selected {
      invariant(exists(indexPath), "after \(step()) the selected row \(indexPath) does not exist")
    }
    invariant(table.indexPathForSelectedRow == selected.first, "indexPathForSelectedRow is not the first selected")

    let offset = table.contentOffset.y
    let height = table.frame.height
    invariant(offset.isFinite && offset >= 0, "after \(step()) the content offset is \(offset)")
    if table.contentSize.height.isFinite, height.isFinite {
      invariant(
        offset <= max(0, table.contentSize.height - height) + 1e-9 * max(1, offset),
        "after \(step()) the content offset \(offset) is past the end")
    }

    let visible = table.indexPathsForVisibleRows ?? []
    invariant(visible == visible.sorted(), "the visible rows are not in order")
    let cells = table.visibleCells
    invariant(cells.count == visible.count, "\(cells.count) visible cells for \(visible.count) visible rows")
    invariant(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "a cell shows two rows")
    for (indexPath, cell) in zip(visible, cells) {
      invariant(exists(indexPath), "after \(step()) the visible row \(indexPath) does not exist")
      invariant(table.cellForRow(at: indexPath) === cell, "visibleCells and cellForRow disagree at \(indexPath)")
      invariant(
        cell.isSelected == selected.contains(indexPath),
        "after \(step()) the cell of row \(indexPath) shows isSelected \(cell.isSelected)")
      if cellsAreExact {
        invariant(
          (cell as? FuzzCell)?.item == sections[indexPath.section].items[indexPath.row],
          "after \(step()) the cell of row \(indexPath) shows \(String(describing: (cell as? FuzzCell)?.item))")
      }
      let rect = table.rectForRow(at: indexPath)
      invariant(
        rect.maxY >= offset - 1e-6 * max(1, abs(offset)) && rect.minY <= offset + height + 1e-6 * max(1, abs(offset)),
        "after \(step()) row \(indexPath) at \(rect) is visible outside the viewport from \(offset)")
    }
    checkEveryRowInsideTheViewportIsVisible(visible: Set(visible), after: step)
  }

  private func checkEveryRowInsideTheViewportIsVisible(visible: Set<IndexPath>, after step: () -> String) {
    let geometry = [table.rowHeight, table.sectionHeaderHeight, table.sectionFooterHeight, table.frame.height]
    guard geometry.allSatisfy({ $0.isFinite && $0 >= 0 }), table.rowHeight > 0 else { return }
    let top = table.contentOffset.y
    let bottom = top + table.frame.height
    // A viewport too thin to tell its top from its bottom shows nothing.
    guard bottom > top else { return }
    let margin = 1e-6 * max(1, bottom)
    for (section, contents) in sections.enumerated() {
      for row in contents.items.indices {
        let indexPath = IndexPath(row: row, section: section)
        let rect = table.rectForRow(at: indexPath)
        if rect.minY < bottom - margin, rect.maxY > top + margin {
          invariant(
            visible.contains(indexPath), "after \(step()) row \(indexPath) at \(rect) is in view but has no cell")
        }
      }
    }
  }

  private func exists(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && sections.indices.contains(indexPath.section)
      && sections[indexPath.section].items.indices.contains(indexPath.row)
  }

  // MARK: Data source

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].items.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    (cell as? FuzzCell)?.item = sections[indexPath.section].items[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    sections[indexPath.section].items[indexPath.row].value % 7 != 0
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    requireRow(indexPath, "shouldHighlightRowAt")
    return highlightPolicy % 5 != 0
  }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    requireRow(indexPath, "willSelectRowAt")
    return redirect(indexPath, policy: willSelectPolicy)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    requireRow(indexPath, "didSelectRowAt")
    invariant(tableView.indexPathsForSelectedRows?.contains(indexPath) == true, "didSelect for an unselected row")
  }

  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    requireRow(indexPath, "willDeselectRowAt")
    invariant(
      tableView.indexPathsForSelectedRows?.contains(indexPath) == true,
      "willDeselectRowAt was called for row \(indexPath), which is not selected")
    return redirect(indexPath, policy: willDeselectPolicy)
  }

  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    requireRow(indexPath, "didDeselectRowAt")
    invariant(
      tableView.indexPathsForSelectedRows?.contains(indexPath) != true,
      "didDeselectRowAt was called for row \(indexPath), which is still selected")
    guard deselectMutates else { return }
    // A delegate that removes a row when it is deselected, telling the table as it goes.
    sections[indexPath.section].items.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }

  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
    requireRow(indexPath, "willDisplay")
  }

  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    requireRow(indexPath, "trailingSwipeActionsConfigurationForRowAt")
    guard actionPolicy % 3 != 0 else { return nil }
    let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, cell, done in
      // Deletes the row the cell shows (or the row asked about, when it is not on screen).
      let row = table.indexPath(for: cell) ?? indexPath
      if exists(row) {
        sections[row.section].items.remove(at: row.row)
        table.deleteRows(at: [row], with: .automatic)
      }
      if actionPolicy % 2 == 0 { done(true) } else { pendingCompletions.append(done) }
    }
    return SwipeActionsConfiguration(actions: [delete])
  }

  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    requireRow(indexPath, "leadingSwipeActionsConfigurationForRowAt")
    let mark = ContextualAction(style: .normal, title: "Mark") { [unowned self] _, _, done in
      if exists(indexPath) {
        sections[indexPath.section].items[indexPath.row].value += 1
        table.reloadRows(at: [indexPath], with: .automatic)
      }
      done(true)
    }
    return SwipeActionsConfiguration(actions: [mark])
  }

  func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]? {
    requireRow(indexPath, "editActionsForRowAt")
    return [
      TableViewRowAction(style: .default, title: "Insert Below") { [unowned self] _, indexPath in
        guard exists(indexPath) else { return }
        let below = IndexPath(row: indexPath.row + 1, section: indexPath.section)
        let item = model.newItem()
        sections[indexPath.section].items.insert(item, at: below.row)
        table.insertRows(at: [below], with: .automatic)
      }
    ]
  }

  func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
    if let indexPath { requireRow(indexPath, "didEndEditingRowAt") }
  }

  private func requireRow(_ indexPath: IndexPath, _ method: String) {
    if TableKitFuzzer.tracing { trace("  \(method) \(indexPath)") }
    invariant(exists(indexPath), "\(method) was called for row \(indexPath), which does not exist")
  }

  private func redirect(_ indexPath: IndexPath, policy: UInt8) -> IndexPath? {
    switch policy % 8 {
    case 0: nil
    case 1: IndexPath(row: indexPath.row + 1, section: indexPath.section)
    case 2: IndexPath(row: 0, section: indexPath.section + 1)
    case 3: IndexPath(row: -1, section: 0)
    default: indexPath
    }
  }

  private func setPolicies(_ input: inout FuzzBytes) {
    let byte = input.byte()
    highlightPolicy = byte
    willSelectPolicy = byte >> 3
    willDeselectPolicy = input.byte()
    deselectMutates = willDeselectPolicy & 0x80 != 0
    actionPolicy = willDeselectPolicy >> 3
  }

  // MARK: Making data and changes

  private func randomScrollPosition(_ input: inout FuzzBytes) -> TableView.ScrollPosition {
    input.pick([.none, .top, .middle, .bottom])
  }

  /// Performs a changeset that may be wrong: accepted, the table must have the data source's counts; refused,
  /// it must have reloaded.
  private func perform(_ changes: Changeset) {
    do {
      try table.performBatchUpdates { [self] in
        table.deleteSections(changes.sectionDeletes, with: .automatic)
        table.insertSections(changes.sectionInserts, with: .automatic)
        for move in changes.sectionMoves { table.moveSection(move.from, toSection: move.to) }
        table.deleteRows(at: changes.rowDeletes, with: .automatic)
        table.insertRows(at: changes.rowInserts, with: .automatic)
        for move in changes.rowMoves { table.moveRow(at: move.from, to: move.to) }
        table.reloadRows(at: changes.rowReloads, with: .automatic)
      }
      // The data source changed in ways the changes may not describe (even none at all).
      cellsAreExact = false
    } catch {
      cellsAreExact = true
    }
  }

  /// One change outside a batch update: right (the data source changed to match) or random.
  private func singleChange(_ input: inout FuzzBytes) -> String {
    guard input.bool() else {
      let indexPath = model.randomIndexPath(&input)
      switch input.int(below: 4) {
      case 0: table.insertRows(at: [indexPath], with: .automatic)
      case 1: table.deleteRows(at: [indexPath], with: .automatic)
      case 2: table.reloadRows(at: [indexPath], with: .automatic)
      default: table.moveRow(at: indexPath, to: model.randomIndexPath(&input))
      }
      // Refused, the table resynchronised; accepted (a reload or a move in place), it kept its cells.
      cellsAreExact = false
      return "a random single change at \(indexPath)"
    }
    let section = input.int(below: sections.count)
    switch input.int(below: 4) {
    case 0 where !sections.isEmpty:
      let row = input.int(below: sections[section].items.count + 1)
      let item = model.newItem()
      sections[section].items.insert(item, at: row)
      table.insertRows(at: [IndexPath(row: row, section: section)], with: .automatic)
      return "inserting row \(row) of section \(section)"
    case 1 where !sections.isEmpty && !sections[section].items.isEmpty:
      let row = input.int(below: sections[section].items.count)
      sections[section].items.remove(at: row)
      table.deleteRows(at: [IndexPath(row: row, section: section)], with: .automatic)
      return "deleting row \(row) of section \(section)"
    case 2 where !sections.isEmpty && !sections[section].items.isEmpty:
      let row = input.int(below: sections[section].items.count)
      sections[section].items[row].value += 1
      table.reloadRows(at: [IndexPath(row: row, section: section)], with: .automatic)
      return "reloading row \(row) of section \(section)"
    default:
      let index = input.int(below: sections.count + 1)
      let new = model.makeSection(rows: input.int(below: 3), &input)
      sections.insert(new, at: index)
      table.insertSections(IndexSet(integer: index), with: .automatic)
      return "inserting section \(index)"
    }
  }
}
