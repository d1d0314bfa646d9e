import CollectionKit
import Foundation

extension CollectionView {
  /// Taps the outline disclosure of a visible item as a user does
  /// (``CollectionKit/CollectionView/handleOutlineDisclosureTap(at:)``): the diffable data source asks its
  /// `sectionSnapshotHandlers`, expands or collapses the item and applies the section's outline.
  ///
  /// A should-handler that answers false is no error: nothing changes, as nothing does for a user. Throws, in this
  /// order: "Data source required to tap an outline disclosure.", "Diffable data source required to tap an outline
  /// disclosure.", the section and item errors, "Item I in section S has no outline disclosure: it has no
  /// children.", or what applying the outline throws.
  public func tapDisclosure(at indexPath: IndexPath) throws(CollectionViewError) {
    let action = "tap an outline disclosure"
    guard dataSource != nil else { throw .dataSourceRequired(action: action) }
    guard dataSource is any OutlineDisclosureHandling else { throw .diffableDataSourceRequired(action: action) }
    try requireItemIndexPath(indexPath)
    try requireItem(indexPath)
    try handleOutlineDisclosureTap(at: indexPath)
  }

  /// Drags an item to another place as a user does, through the interactive movement API: begins the movement
  /// on the item, moves the finger to the centre of the item now at `destinationIndexPath` (the delegate may
  /// redirect the target), and ends it; the data source moves the item in its data and the collection view moves
  /// its cell.
  ///
  /// Named for the gesture: ``CollectionKit/CollectionView/moveItem(at:to:)`` is UIKit's batch-update method,
  /// which tells the view about a move the app made. Throws, in this order: "Data source required to move item.",
  /// the section and item errors for the item, then for the destination (an item that exists), "Interaction with
  /// item I in section S rejected: Collection view data source does not allow moving that item.", and UIKit's
  /// invalid-update message if the data source's counts do not follow the move.
  public func dragItem(at indexPath: IndexPath, to destinationIndexPath: IndexPath) throws(CollectionViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "move item") }
    try requireItemIndexPath(indexPath)
    try requireItemIndexPath(destinationIndexPath)
    try requireItem(indexPath)
    try requireItem(destinationIndexPath)
    guard beginInteractiveMovementForItem(at: indexPath) else {
      throw .cannotMoveItem(item: indexPath.item, section: indexPath.section)
    }
    guard let frame = layoutAttributesForItem(at: destinationIndexPath)?.frame else {
      cancelInteractiveMovement()
      throw .couldNotDisplayCell(item: destinationIndexPath.item, section: destinationIndexPath.section)
    }
    updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
    try finishInteractiveMovement()
  }
}
