import Foundation
import ListCore

/// Supplies a collection view's sections, items, cells and supplementary views, as
/// `UICollectionViewDataSource`.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections; 1 if not implemented.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in a section.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// The cell for an item: one from ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` or
  /// ``CollectionView/dequeueConfiguredReusableCell(using:for:item:)``, bound to the item.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
  /// The supplementary view of a kind the layout places (a section's header or footer), dequeued from the
  /// collection view.
  ///
  /// Not implementing it while the layout places supplementary views is a misuse (UIKit raises an
  /// exception): the collection view shows no view there and records ``CollectionView/lastDisplayError``.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView
  /// Whether the user may move an item; false if not implemented, even when ``collectionView(_:moveItemAt:to:)``
  /// is (UIKit then answers true: see the Behaviour choices).
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// Moves an item in the data after the user moved it; nothing if not implemented.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// No view: the collection view records that the data source gave none, as UIKit raises.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// Items cannot move: a Swift default cannot tell whether the data source implements
  /// ``collectionView(_:moveItemAt:to:)``, and a data source that lets items move says so here.
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

  /// Nothing to move.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
