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
}
