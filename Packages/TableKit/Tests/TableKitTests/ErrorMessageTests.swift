import Foundation
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite struct ErrorMessageTests {
  let dataSource = RowsDataSource([["a", "b"], ["c"]])

  @Test func everyHelperNeedsADataSource() {
    let table = TableView()
    let delegate = SpyDelegate()
    table.delegate = delegate
    let cases: [(String, () throws -> Void)] = [
      ("Data source required to select cell row.", { try table.selectRow(at: .row(0)) }),
      ("Data source required to deselect cell row.", { try table.deselectRow(at: .row(0)) }),
      ("Data source required to fetch cells.", { _ = try table.fetchCell(at: .row(0)) }),
      ("Data source required to select cell action.", { try table.selectCellAction(withTitle: "x", at: .row(0)) }),
      ("Data source required to tap accessory button.", { try table.tapAccessoryButton(at: .row(0)) }),
    ]
    for (message, attempt) in cases {
      let error = #expect(throws: TableViewError.self) { try attempt() }
      #expect(error?.description == message)
    }
  }

  @Test func selectingACellActionNeedsADelegate() {
    let table = TableView()
    table.dataSource = dataSource
    let error = #expect(throws: TableViewError.self) { try table.selectCellAction(withTitle: "x", at: .row(0)) }
    #expect(error?.description == "Delegate required to select cell action.")
  }

  @Test(arguments: [
    (IndexPath.row(0, 2), "Table view has no section 2."),
    (IndexPath.row(0, -1), "Table view has no section -1."),
    (IndexPath.row(2, 0), "Table view has no row 2 in section 0."),
    (IndexPath.row(-1, 1), "Table view has no row -1 in section 1."),
  ])
  func sectionsAreCheckedBeforeRowsAndNegativeIndexesAreRejected(indexPath: IndexPath, message: String) {
    let (table, _) = makeTable(dataSource)
    let attempts: [() throws -> Void] = [
      { try table.selectRow(at: indexPath) },
      { try table.deselectRow(at: indexPath) },
      { _ = try table.fetchCell(at: indexPath) },
      { try table.selectCellAction(withTitle: "x", at: indexPath) },
      { try table.tapAccessoryButton(at: indexPath) },
    ]
    for attempt in attempts {
      let error = #expect(throws: TableViewError.self) { try attempt() }
      #expect(error?.description == message)
    }
  }

  @Test func selectionDisallowedIsReportedBeforeTheRowIsChecked() {
    let (table, _) = makeTable(dataSource)
    table.allowsSelection = false
    let error = #expect(throws: TableViewError.self) { try table.selectRow(at: .row(5, 9)) }
    #expect(error?.description == "Interaction with row 5 in section 9 rejected: Table view does not allow selection.")
  }

  @Test func aMissingActionNamesItsTitleAndRow() {
    let (table, spy) = makeTable(dataSource)
    spy.editActions = { _ in [TableViewRowAction(style: .normal, title: "Download") { _, _ in }] }
    let error = #expect(throws: TableViewError.self) { try table.selectCellAction(withTitle: "Delete", at: .row(0, 1)) }
    #expect(error?.description == "Could not find edit action with title 'Delete' at row 0 in section 1.")
  }

  @Test func editingRejectedByTheDataSourceNamesTheRow() {
    let (table, _) = makeTable(dataSource)
    dataSource.editableRows = { _ in false }
    let error = #expect(throws: TableViewError.self) { try table.selectCellAction(withTitle: "x", at: .row(1)) }
    #expect(
      error?.description
        == "Interaction with row 1 in section 0 rejected: Table view data source does not allow editing of that row.")
  }

  @Test func aCellOfTheWrongTypeNamesBothTypes() throws {
    let (table, _) = makeTable(dataSource)
    #expect(try table.fetchCell(at: .row(1), asType: LabelCell.self).text == "b")
    let error = #expect(throws: TableViewError.self) {
      try table.fetchCell(at: .row(1), asType: PlainSubclassCell.self)
    }
    #expect(error?.description == "Cell at row 1 in section 0 is of type `LabelCell` (wanted `PlainSubclassCell`).")
  }
}
