import Foundation
import ListCore

extension CollectionView {
  /// Every selected item, in index path order; an empty array when none is (as UIKit's documentation says).
  public var indexPathsForSelectedItems: [IndexPath]? {
    loadModelIfNeeded()
    return selectedItems.sorted()
  }

  /// Selects an item from code: calls no delegate method (UIKit's rule).
  ///
  /// Does nothing when ``allowsSelection`` is false or the item does not exist; nil clears the selection. In
  /// single selection the item replaces the selection. Scrolls to the item unless `scrollPosition` is empty.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    loadModelIfNeeded()
    guard allowsSelection else { return }
    guard let indexPath else {
      for selected in selectedItems { setSelected(false, at: selected) }
      return
    }
    guard contains(indexPath) else { return }
    if !allowsMultipleSelection {
      for selected in selectedItems where selected != indexPath { setSelected(false, at: selected) }
    }
    setSelected(true, at: indexPath)
    if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects an item from code: calls no delegate method (UIKit's rule).
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    loadModelIfNeeded()
    setSelected(false, at: indexPath)
  }

  /// What a user's tap on an item does, through the whole delegate sequence.
  ///
  /// Nothing when selection is not allowed or the item does not exist. Then should-highlight (false: nothing
  /// more), did-highlight (the cell is highlighted), did-unhighlight (it no longer is), then the selection:
  /// see ``handleSelectionTap(at:)``.
  public func handleTap(at indexPath: IndexPath) {
    layoutIfNeeded()
    guard allowsSelection, contains(indexPath) else { return }
    if let delegate, !delegate.collectionView(self, shouldHighlightItemAt: indexPath) { return }
    let version = mutationCount
    displayedCells[indexPath]?.isHighlighted = true
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
    displayedCells[indexPath]?.isHighlighted = false
    delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    guard mutationCount == version else { return }
    handleSelectionTap(at: indexPath)
  }

  /// The selection part of a tap (a tap without its highlight, as Fleet's helpers drive it).
  ///
  /// In multiple selection a tap on a selected item deselects it: should-deselect (false: stop), then
  /// did-deselect. Otherwise should-select (false: stop); in single selection, for each other selected item,
  /// should-deselect (false: stop, that item stays selected and the tapped one is not selected) and
  /// did-deselect; then did-select. A tap on the item already selected in single selection asks
  /// should-select and calls did-select again. A delegate that reloads the data ends the tap.
  public func handleSelectionTap(at tapped: IndexPath) {
    layoutIfNeeded()
    guard allowsSelection, contains(tapped) else { return }
    let version = mutationCount
    if allowsMultipleSelection, selectedItems.contains(tapped) {
      userDeselect(tapped)
      return
    }
    if let delegate, !delegate.collectionView(self, shouldSelectItemAt: tapped) { return }
    if !allowsMultipleSelection {
      for selected in selectedItems.sorted() where selected != tapped {
        guard mutationCount == version, userDeselect(selected) else { return }
      }
    }
    guard mutationCount == version else { return }
    setSelected(true, at: tapped)
    delegate?.collectionView(self, didSelectItemAt: tapped)
  }

  /// Deselects a selected item as a tap does: should-deselect (false: nothing), then did-deselect.
  public func handleDeselectTap(at indexPath: IndexPath) {
    layoutIfNeeded()
    guard selectedItems.contains(indexPath) else { return }
    userDeselect(indexPath)
  }

  /// Asks the delegate whether the item may be deselected and, if so, deselects it and tells it.
  @discardableResult
  private func userDeselect(_ indexPath: IndexPath) -> Bool {
    if let delegate, !delegate.collectionView(self, shouldDeselectItemAt: indexPath) { return false }
    setSelected(false, at: indexPath)
    delegate?.collectionView(self, didDeselectItemAt: indexPath)
    return true
  }

  func setSelected(_ isSelected: Bool, at indexPath: IndexPath) {
    if isSelected {
      selectedItems.insert(indexPath)
    } else {
      selectedItems.remove(indexPath)
    }
    displayedCells[indexPath]?.isSelected = isSelected
  }
}
