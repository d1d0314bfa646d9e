import Foundation
import ListCore

/// What went wrong when driving a ``CollectionView``: an impossible interaction, or a misuse UIKit would
/// raise an exception for.
///
/// Each case's ``description`` is one sentence in the words of Fleet's and UIKit's messages, naming the
/// item, section and cause, so that a failing test says exactly what happened.
public enum CollectionViewError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The collection view has no data source; `action` is e.g. "select item".
  case dataSourceRequired(action: String)
  /// The collection view refused to interact with the item; `reason` is a sentence.
  case interactionRejected(item: Int, section: Int, reason: String)
  /// The section does not exist.
  case noSection(Int)
  /// The item does not exist in an existing section.
  case noItem(Int, section: Int)
  /// The item exists but no cell could be displayed for it.
  case couldNotDisplayCell(item: Int, section: Int)
  /// No supplementary view of the kind could be displayed there.
  case couldNotDisplaySupplementaryView(kind: String, item: Int, section: Int)
  /// The item's cell is not of the expected type.
  case cellTypeMismatch(item: Int, section: Int, actual: String, wanted: String)
  /// The index path does not name an item: it must hold exactly a section and an item.
  case notAnItemIndexPath([Int])
  /// A dequeue named an identifier never registered for the kind (UIKit raises this).
  case unregisteredReuseIdentifier(kind: String, identifier: String)
  /// The data source answered a cell it did not dequeue (UIKit raises this).
  case cellNotDequeued(item: Int, section: Int)
  /// The data source answered a supplementary view it did not dequeue, or has no such method (UIKit raises
  /// this).
  case supplementaryViewNotDequeued(kind: String, item: Int, section: Int)
  /// A cell was dequeued with a ``CollectionView/CellRegistration`` created while the data source answered for a
  /// cell (UIKit raises this: registrations must be made up front and reused).
  case registrationCreatedDuringCellRequest
  /// A batch update whose changes do not add up to the data source's new counts, with UIKit's message
  /// ("Invalid update: invalid number of items in section 0. …").
  case invalidUpdate(String)
  /// A snapshot that recorded a misuse (UIKit raises it), with UIKit's exception reason ("Supplied item
  /// identifiers are not unique. …").
  case invalidSnapshot(String)
  /// The data source is not a diffable data source, which the action needs; `action` is e.g. "tap an outline
  /// disclosure".
  case diffableDataSourceRequired(action: String)
  /// The item has no outline disclosure: it has no children, and its data source loads none on expanding.
  case noOutlineDisclosure(item: Int, section: Int)
  /// The data source does not let the user move the item (`canMoveItemAt` answered false).
  case cannotMoveItem(item: Int, section: Int)

  /// One sentence naming the item, section and cause.
  public var description: String {
    switch self {
    case .dataSourceRequired(let action): "Data source required to \(action)."
    case .interactionRejected(let item, let section, let reason):
      "Interaction with item \(item) in section \(section) rejected: \(reason)"
    case .noSection(let section): "Collection view has no section \(section)."
    case .noItem(let item, let section): "Collection view has no item \(item) in section \(section)."
    case .couldNotDisplayCell(let item, let section):
      "Collection view could not display a cell at item \(item) in section \(section)."
    case .couldNotDisplaySupplementaryView(let kind, let item, let section):
      "Collection view could not display a supplementary view of kind \(kind) at item \(item) in section \(section)."
    case .cellTypeMismatch(let item, let section, let actual, let wanted):
      "Cell at item \(item) in section \(section) is of type `\(actual)` (wanted `\(wanted)`)."
    case .notAnItemIndexPath(let indexes):
      "Index path \(indexes) does not name an item: it must hold a section and an item."
    case .unregisteredReuseIdentifier(let kind, let identifier):
      "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class "
        + "for the identifier or connect a prototype cell in a storyboard"
    case .registrationCreatedDuringCellRequest:
      "Attempted to dequeue a cell using a registration that was created inside collectionView(_:cellForItemAt:) or "
        + "inside a CollectionViewDiffableDataSource cell provider. Creating a new registration each time a cell is "
        + "requested will prevent reuse and cause created cells to remain inaccessible in memory for the lifetime of "
        + "the collection view. Registrations should be created up front and reused."
    case .cellNotDequeued(let item, let section):
      "the cell returned from collectionView(_:cellForItemAt:) for item \(item) in section \(section) does not "
        + "have a reuseIdentifier - cells must be retrieved by calling dequeueReusableCell(withReuseIdentifier:for:)"
    case .supplementaryViewNotDequeued(let kind, let item, let section):
      "the view returned from collectionView(_:viewForSupplementaryElementOfKind:at:) (\(kind), item \(item) in "
        + "section \(section)) was not retrieved by calling "
        + "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:) or is nil"
    case .invalidUpdate(let message): message
    case .invalidSnapshot(let message): message
    case .diffableDataSourceRequired(let action): "Diffable data source required to \(action)."
    case .noOutlineDisclosure(let item, let section):
      "Item \(item) in section \(section) has no outline disclosure: it has no children."
    case .cannotMoveItem(let item, let section):
      "Interaction with item \(item) in section \(section) rejected: Collection view data source does not allow "
        + "moving that item."
    }
  }
}
