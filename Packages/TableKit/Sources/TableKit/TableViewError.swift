import Foundation

/// What went wrong when driving a ``TableView``: an impossible interaction, or an inconsistent update.
///
/// Each case's ``description`` is one sentence that names the row, section and cause, in the words of
/// UIKit's and Fleet's messages, so that a failing test says exactly what happened.
public enum TableViewError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The table view has no data source; `action` is e.g. "select cell row".
  case dataSourceRequired(action: String)
  /// The table view has no delegate; `action` is e.g. "select cell action".
  case delegateRequired(action: String)
  /// The table view refused to interact with the row; `reason` is a sentence.
  case interactionRejected(row: Int, section: Int, reason: String)
  /// The section does not exist.
  case noSection(Int)
  /// The row does not exist in an existing section.
  case noRow(Int, section: Int)
  /// The row offers no edit or swipe action with that title.
  case actionNotFound(title: String, row: Int, section: Int)
  /// The row's cell is not of the expected type.
  case cellTypeMismatch(row: Int, section: Int, actual: String, wanted: String)
  /// A batch update did not match the data source; the message follows UIKit's.
  case invalidUpdate(String)
  /// The index path does not name a row: it must hold exactly a section and a row.
  case notARowIndexPath([Int])
  /// A ``DiffableDataSourceSnapshot`` was built in a way UIKit refuses (it raises an exception there); the
  /// message follows UIKit's.
  case invalidSnapshot(String)

  /// One sentence naming the row, section and cause.
  public var description: String {
    switch self {
    case .dataSourceRequired(let action): "Data source required to \(action)."
    case .delegateRequired(let action): "Delegate required to \(action)."
    case .interactionRejected(let row, let section, let reason):
      "Interaction with row \(row) in section \(section) rejected: \(reason)"
    case .noSection(let section): "Table view has no section \(section)."
    case .noRow(let row, let section): "Table view has no row \(row) in section \(section)."
    case .actionNotFound(let title, let row, let section):
      "Could not find edit action with title '\(title)' at row \(row) in section \(section)."
    case .cellTypeMismatch(let row, let section, let actual, let wanted):
      "Cell at row \(row) in section \(section) is of type `\(actual)` (wanted `\(wanted)`)."
    case .invalidUpdate(let message): message
    case .notARowIndexPath(let indexes):
      "Index path \(indexes) does not name a row: it must hold a section and a row."
    case .invalidSnapshot(let message): message
    }
  }
}
