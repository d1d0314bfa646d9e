import Foundation
import TableKit

/// A cell that shows one line of text, as the data sources in these tests bind it.
final class LabelCell: TableViewCell {
  nonisolated(unsafe) static var created = 0
  var text = ""
  /// How many times the table view prepared this cell for reuse.
  var timesPrepared = 0

  required init(reuseIdentifier: String?) {
    LabelCell.created += 1
    super.init(reuseIdentifier: reuseIdentifier)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
    timesPrepared += 1
  }
}

/// A cell class with no initialiser of its own, registered as it is.
final class PlainSubclassCell: TableViewCell {}

/// A data source over sections of strings, binding each to a ``LabelCell``.
@MainActor
final class RowsDataSource: TableViewDataSource {
  var sections: [[String]]
  var headers: [String?] = []
  var footers: [String?] = []
  var editableRows: ((IndexPath) -> Bool)?
  private(set) var cellRequests: [IndexPath] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  convenience init(rows: Int) {
    self.init([(0..<rows).map { "Row \($0)" }])
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellRequests.append(indexPath)
    let cell = tableView.dequeueReusableCell(withIdentifier: "label", for: indexPath)
    (cell as? LabelCell)?.text = sections[indexPath.section][indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    headers.indices.contains(section) ? headers[section] : nil
  }

  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
    footers.indices.contains(section) ? footers[section] : nil
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    editableRows?(indexPath) ?? true
  }
}

/// A data source that implements only what is required, to check the defaults of the optional methods.
@MainActor
final class MinimalDataSource: TableViewDataSource {
  let rows: Int

  init(rows: Int) {
    self.rows = rows
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "plain", for: indexPath)
  }
}

/// A delegate that records every call as a short line ("willSelect 0.1" is row 1 of section 0) and
/// answers the will- and should- questions as a test tells it.
@MainActor
final class SpyDelegate: TableViewDelegate {
  private(set) var calls: [String] = []
  var shouldHighlight: (IndexPath) -> Bool = { _ in true }
  var willSelect: (IndexPath) -> IndexPath? = { $0 }
  var willDeselect: (IndexPath) -> IndexPath? = { $0 }
  var editActions: (IndexPath) -> [TableViewRowAction]? = { _ in nil }
  var leadingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
  var trailingActions: (IndexPath) -> SwipeActionsConfiguration? = { _ in nil }
  var recordsDisplay = false
  /// Runs after did-deselect is recorded: lets a test misbehave as delegates do.
  var afterDidDeselect: (IndexPath) -> Void = { _ in }
  /// Runs after did-end-displaying: lets a test misbehave as delegates do.
  var afterDidEndDisplaying: (IndexPath) -> Void = { _ in }
  weak var tableView: TableView?

  func clear() { calls = [] }

  /// The calls, without the will-display and did-end-displaying ones.
  var interactionCalls: [String] {
    calls.filter { !$0.hasPrefix("willDisplay") && !$0.hasPrefix("didEndDisplaying") }
  }

  private func record(_ name: String, _ indexPath: IndexPath?) {
    guard let indexPath else { return calls.append("\(name) nil") }
    var line = "\(name) \(indexPath.section).\(indexPath.row)"
    if let tableView, name.contains("Editing") { line += tableView.isEditing ? " editing" : " not editing" }
    calls.append(line)
  }

  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    record("shouldHighlight", indexPath)
    return shouldHighlight(indexPath)
  }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    record("willSelect", indexPath)
    return willSelect(indexPath)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    record("didSelect", indexPath)
  }

  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    record("willDeselect", indexPath)
    return willDeselect(indexPath)
  }

  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    record("didDeselect", indexPath)
    afterDidDeselect(indexPath)
  }

  func tableView(_ tableView: TableView, editActionsForRowAt indexPath: IndexPath) -> [TableViewRowAction]? {
    editActions(indexPath)
  }

  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    leadingActions(indexPath)
  }

  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    trailingActions(indexPath)
  }

  func tableView(_ tableView: TableView, willBeginEditingRowAt indexPath: IndexPath) {
    record("willBeginEditing", indexPath)
  }

  func tableView(_ tableView: TableView, didEndEditingRowAt indexPath: IndexPath?) {
    record("didEndEditing", indexPath)
  }

  func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
    record("accessoryButtonTapped", indexPath)
  }

  func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
    if recordsDisplay { record("willDisplay", indexPath) }
  }

  func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
    if recordsDisplay { record("didEndDisplaying", indexPath) }
    afterDidEndDisplaying(indexPath)
  }
}

/// Counts a table view's selection notifications and records each in the spy's call log as it arrives.
@MainActor
final class SelectionNotifications {
  private(set) var count = 0
  nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

  init(_ tableView: TableView, spy: SpyDelegate? = nil) {
    observer = NotificationCenter.default.addObserver(
      forName: TableView.selectionDidChangeNotification, object: tableView, queue: nil
    ) { [weak self, weak spy, weak tableView] notification in
      let hasUserInfo = notification.userInfo != nil
      let isFromTable = (notification.object as AnyObject?) === tableView
      MainActor.assumeIsolated {
        self?.count += 1
        spy?.noteNotification(hasUserInfo: hasUserInfo, isFromTable: isFromTable)
      }
    }
  }

  deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }
}

extension SpyDelegate {
  func noteNotification(hasUserInfo: Bool, isFromTable: Bool) {
    calls.append("selectionDidChange" + (hasUserInfo ? " with userInfo" : "") + (isFromTable ? "" : " from elsewhere"))
  }
}

/// Spies handed out by ``makeTable(_:rowsInViewport:)``, kept alive for the test run since table views
/// hold their delegates weakly.
@MainActor private var retainedSpies: [SpyDelegate] = []

/// A table over `dataSource` with a spy delegate, loaded.
@MainActor
func makeTable(
  _ dataSource: some TableViewDataSource, rowsInViewport: Int = 10
) -> (TableView, SpyDelegate) {
  let table = TableView(rowsInViewport: rowsInViewport)
  table.register(LabelCell.self, forCellReuseIdentifier: "label")
  let spy = SpyDelegate()
  spy.tableView = table
  retainedSpies.append(spy)
  table.dataSource = dataSource
  table.delegate = spy
  table.reloadData()
  return (table, spy)
}

extension IndexPath {
  static func row(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }
}
