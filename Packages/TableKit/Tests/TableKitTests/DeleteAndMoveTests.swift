import Foundation
import TableKit
import TableKitTesting
import Testing

/// A data source that deletes, inserts and moves rows as the user asks, and logs the calls.
@MainActor
final class EditableDataSource: TableViewDataSource {
  var sections: [[String]]
  var editableRows: (IndexPath) -> Bool = { _ in true }
  var movableRows: (IndexPath) -> Bool = { _ in true }
  /// Whether `moveRowAt` moves the row in the data (a data source that forgets is a bug to report).
  var movesData = true
  private(set) var calls: [String] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = sections[indexPath.section][indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { editableRows(indexPath) }

  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { movableRows(indexPath) }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    calls.append(
      "commit \(editingStyle) \(indexPath.section).\(indexPath.row)" + (tableView.isEditing ? " editing" : ""))
    switch editingStyle {
    case .delete:
      sections[indexPath.section].remove(at: indexPath.row)
      tableView.deleteRows(at: [indexPath], with: .automatic)
    case .insert:
      sections[indexPath.section].insert("new", at: indexPath.row + 1)
      tableView.insertRows(at: [IndexPath(row: indexPath.row + 1, section: indexPath.section)], with: .automatic)
    case .none:
      break
    }
  }

  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    calls.append(
      "move \(sourceIndexPath.section).\(sourceIndexPath.row) to \(destinationIndexPath.section).\(destinationIndexPath.row)"
    )
    guard movesData else { return }
    let row = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
    sections[destinationIndexPath.section].insert(row, at: destinationIndexPath.row)
  }
}

/// A delegate that gives editing styles and move targets, recording like ``SpyDelegate``.
@MainActor
final class EditingStyleDelegate: TableViewDelegate {
  var editingStyle: (IndexPath) -> TableViewCell.EditingStyle = { _ in .delete }
  var target: (IndexPath, IndexPath) -> IndexPath = { $1 }
  var trailingActions: SwipeActionsConfiguration?
  private(set) var calls: [String] = []

  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
    editingStyle(indexPath)
  }

  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath {
    calls.append("target \(proposedDestinationIndexPath.section).\(proposedDestinationIndexPath.row)")
    return target(sourceIndexPath, proposedDestinationIndexPath)
  }

  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { trailingActions }

  func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
    calls.append("willBeginEditing \(indexPath.section).\(indexPath.row)" + (tableView.isEditing ? " editing" : ""))
  }

  func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
    calls.append("didEndEditing " + (indexPath.map { "\($0.section).\($0.row)" } ?? "nil"))
  }
}

@MainActor
@Suite struct DeleteAndMoveTests {
  let dataSource = EditableDataSource([["a", "b", "c", "d"], ["e", "f"]])
  let delegate = EditingStyleDelegate()

  func makeEditableTable() -> TableView {
    let table = TableView()
    table.register(LabelCell.self, forCellReuseIdentifier: "label")
    table.dataSource = dataSource
    table.delegate = delegate
    table.reloadData()
    return table
  }

  func texts(_ table: TableView) -> [String] {
    table.visibleCells.compactMap { ($0 as? LabelCell)?.text }
  }

  @Test func swipeToDeleteCommitsTheDeletionBetweenWillBeginAndDidEndEditing() throws {
    let table = makeEditableTable()
    try table.deleteRow(at: .row(1))
    #expect(dataSource.calls == ["commit delete 0.1 editing"])
    #expect(delegate.calls == ["willBeginEditing 0.1 editing", "didEndEditing nil"])
    #expect(!table.isEditing)
    #expect(table.numberOfRows(inSection: 0) == 3)
    #expect(texts(table) == ["a", "c", "d", "e", "f"])
  }

  @Test func inEditingModeTheDeleteControlCommitsAloneAndTheTableStaysEditing() throws {
    let table = makeEditableTable()
    table.setEditing(true, animated: true)
    try table.deleteRow(at: .row(0, 1))
    #expect(dataSource.calls == ["commit delete 1.0 editing"])
    #expect(delegate.calls.isEmpty)
    #expect(table.isEditing)
    #expect(texts(table) == ["a", "b", "c", "d", "f"])
  }

  @Test func anInsertControlCommitsInsertInEditingModeOnly() {
    let table = makeEditableTable()
    delegate.editingStyle = { $0.row == 0 ? .insert : .delete }
    table.handleCommit(.insert, forRowAt: .row(0))
    #expect(dataSource.calls.isEmpty, "outside editing mode an insert control is not shown")
    table.setEditing(true, animated: false)
    table.handleCommit(.insert, forRowAt: .row(0))
    table.handleCommit(.insert, forRowAt: .row(1))
    #expect(dataSource.calls == ["commit insert 0.0 editing"])
    #expect(texts(table).prefix(3) == ["a", "new", "b"])
  }

  @Test func editingStyleDefaultsToDeleteAndIsNoneForARowThatCannotBeEdited() {
    let table = makeEditableTable()
    dataSource.editableRows = { $0.row != 2 }
    #expect(table.editingStyle(forRowAt: .row(0)) == .delete)
    #expect(table.editingStyle(forRowAt: .row(2)) == .none)
    #expect(table.editingStyle(forRowAt: .row(9)) == .none)
    let plain = TableView()
    let minimal = MinimalDataSource(rows: 1)
    plain.dataSource = minimal
    #expect(plain.editingStyle(forRowAt: .row(0)) == .delete)
    #expect(!plain.canMoveRow(at: .row(0)), "canMoveRowAt defaults to false")
  }

  @Test func draggingARowInEditingModeMovesItsDataCellAndSelection() throws {
    let table = makeEditableTable()
    table.selectRow(at: .row(0), animated: false, scrollPosition: .none)
    let cell = table.cellForRow(at: .row(0))
    table.setEditing(true, animated: false)
    try table.dragRow(at: .row(0), to: .row(2, 1))
    #expect(dataSource.calls == ["move 0.0 to 1.2"])
    #expect(delegate.calls == ["target 1.2"])
    #expect(dataSource.sections == [["b", "c", "d"], ["e", "f", "a"]])
    #expect(table.cellForRow(at: .row(2, 1)) === cell)
    #expect(table.indexPathsForSelectedRows == [.row(2, 1)])
    #expect(texts(table) == ["b", "c", "d", "e", "f", "a"])
  }

  @Test func theDelegateCanRedirectADrop() throws {
    let table = makeEditableTable()
    table.setEditing(true, animated: false)
    delegate.target = { _, _ in .row(3) }
    try table.dragRow(at: .row(0), to: .row(1))
    #expect(dataSource.calls == ["move 0.0 to 0.3"])
    #expect(dataSource.sections[0] == ["b", "c", "d", "a"])
    delegate.target = { source, _ in source }
    try table.dragRow(at: .row(0), to: .row(1))
    #expect(dataSource.calls == ["move 0.0 to 0.3"], "a drop redirected to where the row is moves nothing")
    delegate.target = { _, _ in .row(7, 7) }
    try table.dragRow(at: .row(0), to: .row(1))
    #expect(dataSource.calls == ["move 0.0 to 0.3"], "a drop redirected to no place moves nothing")
  }

  @Test func aDataSourceThatDoesNotMoveItsDataAcrossSectionsIsReportedInUIKitsWords() {
    let table = makeEditableTable()
    table.setEditing(true, animated: false)
    dataSource.movesData = false
    let error = #expect(throws: TableViewError.self) { try table.dragRow(at: .row(0), to: .row(0, 1)) }
    #expect(
      error?.description
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
        + "section after the update (4) must be equal to the number of rows contained in that section before "
        + "the update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, "
        + "0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, "
        + "1 moved out).")
    #expect(table.numberOfRows(inSection: 1) == 2)
  }

  @Test func deleteRowErrorsNameTheRowInTheHelpersOrder() {
    let table = makeEditableTable()
    let cases: [(IndexPath, () -> Void, String)] = [
      (.row(0, 2), {}, "Table view has no section 2."),
      (.row(4), {}, "Table view has no row 4 in section 0."),
      (
        .row(1), { dataSource.editableRows = { _ in false } },
        "Interaction with row 1 in section 0 rejected: Table view data source does not allow editing of that row."
      ),
      (
        .row(1),
        {
          dataSource.editableRows = { _ in true }
          delegate.editingStyle = { _ in .insert }
        }, "Interaction with row 1 in section 0 rejected: Table view delegate does not allow deleting that row."
      ),
      (
        .row(1),
        {
          delegate.editingStyle = { _ in .delete }
          delegate.trailingActions = SwipeActionsConfiguration(actions: [
            ContextualAction(style: .normal, title: "Pin") { _, _, done in done(true) }
          ])
        },
        "Interaction with row 1 in section 0 rejected: Table view delegate gives that row swipe actions instead of "
          + "Delete."
      ),
    ]
    for (indexPath, arrange, message) in cases {
      arrange()
      let error = #expect(throws: TableViewError.self) { try table.deleteRow(at: indexPath) }
      #expect(error?.description == message)
    }
    #expect(dataSource.calls.isEmpty)
    let bare = TableView()
    let error = #expect(throws: TableViewError.self) { try bare.deleteRow(at: .row(0)) }
    #expect(error?.description == "Data source required to delete cell row.")
  }

  @Test func dragRowErrorsNameTheRowInTheHelpersOrder() {
    let table = makeEditableTable()
    let notEditing = #expect(throws: TableViewError.self) { try table.dragRow(at: .row(9, 9), to: .row(0)) }
    #expect(notEditing?.description == "Interaction with row 9 in section 9 rejected: Table view is not editing.")
    table.setEditing(true, animated: false)
    let cases: [(IndexPath, IndexPath, String)] = [
      (.row(0, 3), .row(0), "Table view has no section 3."),
      (.row(4), .row(0), "Table view has no row 4 in section 0."),
      (.row(0), .row(0, 2), "Table view has no section 2."),
      (.row(0), .row(4), "Table view has no row 4 in section 0."),
      (.row(0), .row(3, 1), "Table view has no row 3 in section 1."),
      (.row(0), .row(-1, 1), "Table view has no row -1 in section 1."),
    ]
    for (source, destination, message) in cases {
      let error = #expect(throws: TableViewError.self) { try table.dragRow(at: source, to: destination) }
      #expect(error?.description == message)
    }
    dataSource.movableRows = { $0.row != 1 }
    let refused = #expect(throws: TableViewError.self) { try table.dragRow(at: .row(1), to: .row(0)) }
    #expect(
      refused?.description
        == "Interaction with row 1 in section 0 rejected: Table view data source does not allow moving of that row.")
    #expect(dataSource.calls.isEmpty)
    let bare = TableView()
    let error = #expect(throws: TableViewError.self) { try bare.dragRow(at: .row(0), to: .row(1)) }
    #expect(error?.description == "Data source required to move cell row.")
  }
}
