import Foundation
import ListCore

extension CollectionView {
  /// How to create and configure the cells of one kind of item, as `UICollectionView.CellRegistration`.
  ///
  /// The collection view registers the class the first time the registration is used. Create registrations up
  /// front and keep them: a registration created while the data source answers for a cell (inside
  /// `collectionView(_:cellForItemAt:)` or a diffable data source's cell provider) would defeat reuse, and its
  /// cell is not shown (UIKit raises; see ``CollectionViewError/registrationCreatedDuringCellRequest``).
  public struct CellRegistration<Cell: CollectionViewCell, Item> {
    /// Configures a dequeued cell for an item.
    public typealias Handler = @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void

    let identifier = "CellRegistration-\(UUID().uuidString)"
    let handler: Handler
    /// Whether the registration was made while a collection view's data source answered for a cell.
    let createdDuringCellRequest: Bool

    /// Creates a registration whose handler configures each cell.
    @MainActor
    public init(handler: @escaping Handler) {
      self.handler = handler
      createdDuringCellRequest = CollectionView.cellRequestsInProgress > 0
    }
  }

  /// How to create and configure the supplementary views of one kind, as
  /// `UICollectionView.SupplementaryRegistration`.
  public struct SupplementaryRegistration<View: CollectionReusableView> {
    /// Configures a dequeued view.
    public typealias Handler = @MainActor (_ view: View, _ elementKind: String, _ indexPath: IndexPath) -> Void

    /// The kind of supplementary view the registration makes.
    public let elementKind: String
    let identifier = "SupplementaryRegistration-\(UUID().uuidString)"
    let handler: Handler

    /// Creates a registration of views of a kind, configured by a handler.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      self.handler = handler
    }
  }

  /// A cell of the registration's class, dequeued and configured for the item by the registration's handler.
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
  ) -> Cell {
    if cellClasses[registration.identifier] == nil {
      register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
    }
    if registration.createdDuringCellRequest, misuseDuringRequest == nil {
      misuseDuringRequest = .registrationCreatedDuringCellRequest
    }
    // The identifier is the registration's own, registered with its class just above.
    let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
    registration.handler(cell, indexPath, item)
    return cell
  }

  /// A supplementary view of the registration's class and kind, dequeued and configured by its handler.
  public func dequeueConfiguredReusableSupplementary<View>(
    using registration: SupplementaryRegistration<View>, for indexPath: IndexPath
  ) -> View {
    let key = ReuseKey(kind: registration.elementKind, identifier: registration.identifier)
    if supplementaryClasses[key] == nil {
      register(View.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: key.identifier)
    }
    let view =
      dequeueReusableSupplementaryView(
        ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath) as! View
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}
