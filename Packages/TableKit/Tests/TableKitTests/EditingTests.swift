import Foundation
import TableKit
import TableKitTesting
import Testing

@MainActor
@Suite struct EditingTests {
  let dataSource = RowsDataSource([["a", "b", "c"]])

  @Test func aLegacyEditActionRunsBetweenWillBeginAndDidEndEditingWithTheTableEditing() throws {
    let (table, spy) = makeTable(dataSource)
    var performed: [String] = []
    spy.editActions = { indexPath in
      [
        TableViewRowAction(style: .destructive, title: "Delete") { _, path in
          performed.append("Delete \(path.row) while \(table.isEditing ? "editing" : "not editing")")
        },
        TableViewRowAction(style: .normal, title: "Download") { _, _ in performed.append("Download") },
      ]
    }
    try table.selectCellAction(withTitle: "Delete", at: .row(1))
    #expect(performed == ["Delete 1 while editing"])
    #expect(spy.interactionCalls == ["willBeginEditing 0.1 editing", "didEndEditing 0.1 not editing"])
    #expect(!table.isEditing)
  }

  @Test func swipeActionsFromBothEdgesArePerformedAndEndEditingWhenTheirCompletionIsCalled() throws {
    let (table, spy) = makeTable(dataSource)
    var completions: [(Bool) -> Void] = []
    var sources: [TableViewCell] = []
    spy.leadingActions = { _ in
      SwipeActionsConfiguration(actions: [
        ContextualAction(style: .normal, title: "Favourite") { _, source, completion in
          sources.append(source)
          completion(true)
        }
      ])
    }
    spy.trailingActions = { _ in
      SwipeActionsConfiguration(actions: [
        ContextualAction(style: .destructive, title: "Remove Download") { _, _, completion in
          completions.append(completion)
        }
      ])
    }
    spy.editActions = { _ in [TableViewRowAction(style: .normal, title: "Legacy") { _, _ in }] }
    #expect(table.editActions(forRowAt: .row(2)).map(\.title) == ["Favourite", "Remove Download"])

    try table.selectCellAction(withTitle: "Favourite", at: .row(2))
    #expect(sources.first === table.cellForRow(at: .row(2)))
    #expect(spy.interactionCalls == ["willBeginEditing 0.2 editing", "didEndEditing 0.2 not editing"])

    spy.clear()
    try table.selectCellAction(withTitle: "Remove Download", at: .row(0))
    #expect(spy.interactionCalls == ["willBeginEditing 0.0 editing"])
    #expect(table.isEditing)
    completions.first?(false)
    completions.first?(true)
    #expect(spy.interactionCalls == ["willBeginEditing 0.0 editing", "didEndEditing 0.0 not editing"])
    #expect(!table.isEditing)
  }

  @Test func withoutATrailingConfigurationTheLegacyActionsAreOffered() throws {
    let (table, spy) = makeTable(dataSource)
    spy.editActions = { _ in [TableViewRowAction(style: .normal, title: "Legacy") { _, _ in }] }
    spy.leadingActions = { _ in
      SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Lead") { _, _, done in done(true) }])
    }
    #expect(table.editActions(forRowAt: .row(0)).map(\.title) == ["Lead", "Legacy"])
  }

  @Test func aRowTheDataSourceWillNotEditOffersNoActionsAndRejectsThem() {
    let (table, spy) = makeTable(dataSource)
    dataSource.editableRows = { $0.row != 1 }
    spy.editActions = { _ in [TableViewRowAction(style: .normal, title: "Download") { _, _ in }] }
    #expect(table.editActions(forRowAt: .row(1)).isEmpty)
    #expect(table.editActions(forRowAt: .row(0)).count == 1)
    #expect(
      throws: TableViewError.interactionRejected(
        row: 1, section: 0, reason: "Table view data source does not allow editing of that row.")
    ) { try table.selectCellAction(withTitle: "Download", at: .row(1)) }
    #expect(spy.interactionCalls.isEmpty)
  }

  @Test func swipeActionsOfARowTheDataSourceWillNotEditAreRejectedToo() {
    let (table, spy) = makeTable(dataSource)
    dataSource.editableRows = { _ in false }
    var performed = false
    spy.trailingActions = { _ in
      SwipeActionsConfiguration(actions: [
        ContextualAction(style: .destructive, title: "Remove") { _, _, done in
          performed = true
          done(true)
        }
      ])
    }
    #expect(table.editActions(forRowAt: .row(0)).isEmpty)
    #expect(
      throws: TableViewError.interactionRejected(
        row: 0, section: 0, reason: "Table view data source does not allow editing of that row.")
    ) { try table.selectCellAction(withTitle: "Remove", at: .row(0)) }
    #expect(!performed)
    #expect(spy.interactionCalls.isEmpty)
    #expect(!table.isEditing)
  }

  @Test func aDataSourceThatDoesNotImplementCanEditMakesEveryRowEditable() throws {
    let dataSource = MinimalDataSource(rows: 3)
    let table = TableView()
    let spy = SpyDelegate()
    table.dataSource = dataSource
    table.delegate = spy
    spy.editActions = { _ in [TableViewRowAction(style: .normal, title: "Go") { _, _ in }] }
    try table.selectCellAction(withTitle: "Go", at: .row(2))
    #expect(spy.interactionCalls == ["willBeginEditing 0.2", "didEndEditing 0.2"])
  }

  @Test func anActionOnARowOutOfSightScrollsItIntoViewFirst() throws {
    let dataSource = RowsDataSource(rows: 100)
    let (table, spy) = makeTable(dataSource)
    var cellsSeen: [TableViewCell] = []
    spy.trailingActions = { path in
      SwipeActionsConfiguration(actions: [
        ContextualAction(style: .normal, title: "Go") { _, cell, done in
          cellsSeen.append(cell)
          done(true)
        }
      ])
    }
    try table.selectCellAction(withTitle: "Go", at: .row(80))
    #expect(table.indexPathsForVisibleRows?.contains(.row(80)) == true)
    #expect(cellsSeen.first === table.cellForRow(at: .row(80)))
  }

  @Test func tappingTheAccessoryButtonTellsTheDelegate() throws {
    let (table, spy) = makeTable(dataSource)
    try table.tapAccessoryButton(at: .row(2))
    #expect(spy.interactionCalls == ["accessoryButtonTapped 0.2"])
  }
}
