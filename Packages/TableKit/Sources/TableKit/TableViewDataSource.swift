import Foundation

/// Supplies a ``TableView`` with its sections, rows and cells, as `UITableViewDataSource` does.
///
/// Only the row count and the cell are required; the other methods have defaults that behave as UIKit does
/// when a data source does not implement them.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of sections; 1 unless implemented.
  func numberOfSections(in tableView: TableView) -> Int

  /// The number of rows in a section.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for a row, usually from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

  /// The title of a section's header; nil (no header) unless implemented.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?

  /// The title of a section's footer; nil (no footer) unless implemented.
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?

  /// Whether a row can be edited (offers edit and swipe actions); true unless implemented.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool

  /// The user deleted a row (swipe to delete, or the delete control in editing mode) or tapped its insert
  /// control: the data source changes its data and tells the table (`deleteRows`, `insertRows`). Nothing
  /// happens unless implemented.
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)

  /// Whether a row shows a reorder control in editing mode; false unless implemented (see *Behaviour
  /// choices*: UIKit also allows it when `moveRowAt` is implemented, which Swift cannot see).
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// The user dragged a row to another place: the data source moves it in its data. The table already
  /// shows it there; the data source does not tell it again.
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
  /// One section, as UIKit assumes when the method is not implemented.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }

  /// No header, as UIKit assumes when the method is not implemented.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

  /// No footer, as UIKit assumes when the method is not implemented.
  public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

  /// Every row is editable, as UIKit assumes when the method is not implemented.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

  /// Nothing happens, as when UIKit's data source does not implement the method.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {}

  /// No row can be moved.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

  /// By default a moved row changes no data: a data source whose rows can move implements this to reorder them.
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
