import Foundation

extension BatchUpdate {
  /// Whose words a batch update's messages use: a table's rows or a collection view's items, as UIKit's own
  /// messages say them.
  public enum Wording: Hashable, Sendable {
    /// A table view's: "invalid number of rows in section 0", "the table view".
    case table
    /// A collection view's: "invalid number of items in section 0", "the collection view".
    case collection

    /// What an item is called: "row" or "item".
    var item: String {
      switch self {
      case .table: "row"
      case .collection: "item"
      }
    }

    /// What items are called: "rows" or "items".
    var items: String { item + "s" }

    /// One item, with its article: "a row" or "an item".
    var anItem: String {
      switch self {
      case .table: "a row"
      case .collection: "an item"
      }
    }

    /// What the view is called: "table view" or "collection view".
    var view: String {
      switch self {
      case .table: "table view"
      case .collection: "collection view"
      }
    }

    /// The failure for an index path that does not hold exactly a section and an item.
    func notAnIndexPath(_ path: IndexPath) -> InvalidBatchUpdate {
      let kind = self == .table ? "a table" : "a collection view"
      return InvalidBatchUpdate("Invalid update: \(path) is not \(kind) index path (a section and \(anItem))")
    }
  }
}
