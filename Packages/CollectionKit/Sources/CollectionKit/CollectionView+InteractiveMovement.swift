import Foundation
import ListCore

/// The item a user is moving: where it was and where it would land now.
struct InteractiveMovement {
  var source: IndexPath
  var target: IndexPath
  /// Whether the movement is ending: the data source is moving the item.
  var isEnding = false
}

/// A data source told when the collection view shows the end of an interactive movement.
@MainActor
protocol InteractiveMovementObserving: AnyObject {
  func collectionViewDidEndInteractiveMovement()
}

extension CollectionView {
  /// Starts the user's move of an item, as a long press on it does; false when it cannot move (the data source's
  /// `canMoveItemAt` answers false, the item does not exist, or another move is under way).
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    layoutIfNeeded()
    guard interactiveMovement == nil, contains(indexPath), let dataSource,
      dataSource.collectionView(self, canMoveItemAt: indexPath)
    else { return false }
    interactiveMovement = InteractiveMovement(source: indexPath, target: indexPath)
    return true
  }

  /// Follows the user's finger: the item under the point becomes the proposed place, which the delegate may
  /// redirect (`targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:`).
  ///
  /// A point over no item, or a redirect to a place the item cannot go, keeps the current target. The cells stay
  /// where they are until the movement ends (UIKit shows the gap live).
  public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
    guard let movement = interactiveMovement, let proposed = indexPathForItem(at: targetPosition) else { return }
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.source,
        atCurrentIndexPath: movement.target, toProposedIndexPath: proposed) ?? proposed
    guard canPlace(movement.source, at: target) else { return }
    interactiveMovement?.target = target
  }

  /// Ends the user's move where its target is: the data source's `moveItemAt:to:` moves the item in its data,
  /// then the collection view moves it as a batch update, its cell and selection with it.
  ///
  /// Nothing moves when the target is where the item was. When the data source's counts do not follow the move,
  /// the view stays as it was and the error is kept in ``lastInvalidUpdate`` (UIKit raises).
  public func endInteractiveMovement() {
    do {
      try finishInteractiveMovement()
    } catch {
      lastInvalidUpdate = error
    }
  }

  /// Ends the user's move without moving anything.
  public func cancelInteractiveMovement() {
    interactiveMovement = nil
  }

  /// ``endInteractiveMovement()``, throwing what the batch update throws (for CollectionKitTesting's helper).
  package func finishInteractiveMovement() throws(CollectionViewError) {
    guard var movement = interactiveMovement else { return }
    defer { interactiveMovement = nil }
    // The data may have changed under the movement: then there is nothing left to move.
    guard movement.target != movement.source, let dataSource, contains(movement.source),
      canPlace(movement.source, at: movement.target)
    else { return }
    movement.isEnding = true
    interactiveMovement = movement
    dataSource.collectionView(self, moveItemAt: movement.source, to: movement.target)
    try performBatchUpdates { self.moveItem(at: movement.source, to: movement.target) }
    interactiveMovement = nil
    (dataSource as? any InteractiveMovementObserving)?.collectionViewDidEndInteractiveMovement()
  }

  /// Whether an item can land at `target`: an item of its own section, or up to one past the end of another.
  func canPlace(_ source: IndexPath, at target: IndexPath) -> Bool {
    guard target.count == 2, target.section >= 0, target.section < numberOfSections, target.item >= 0 else {
      return false
    }
    let count = numberOfItems(inSection: target.section)
    return target.section == source.section ? target.item < count : target.item <= count
  }
}
