import Foundation
import ListCore

extension CollectionViewFlowLayout {
  /// The ``estimatedItemSize`` that asks for self-sizing with ``itemSize`` as the estimate, as UIKit's
  /// `UICollectionViewFlowLayout.automaticSize`.
  public nonisolated static let automaticSize = CGSize(
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

  /// At most this many layout passes in a row may change a cell's size.
  static let maximumConsecutiveSelfSizingPasses = 8

  /// Whether items are laid out at an estimate until their cells size themselves.
  var isEstimatingItemSizes: Bool {
    estimatedItemSize != .zero
  }

  /// The preferred sizes by section and item, forgotten first when the model changed since they were recorded.
  func preferredSizesBySection(modelVersion: Int) -> [Int: [Int: CGSize]] {
    if preferredSizesModelVersion != modelVersion {
      preferredItemSizes = [:]
      preferredSizesModelVersion = modelVersion
    }
    guard isEstimatingItemSizes else { return [:] }
    var bySection: [Int: [Int: CGSize]] = [:]
    for (indexPath, size) in preferredItemSizes {
      bySection[indexPath.section, default: [:]][indexPath.item] = size
    }
    return bySection
  }

  /// Asks shown cells for their preferred attributes and keeps the sizes that differ from their frames'; true
  /// (after invalidating the layout) when one did.
  func recordPreferredSizes(of cells: [IndexPath: CollectionViewCell]) -> Bool {
    guard isEstimatingItemSizes, consecutiveSelfSizingPasses < Self.maximumConsecutiveSelfSizingPasses else {
      consecutiveSelfSizingPasses = 0
      return false
    }
    var changed = false
    for (indexPath, cell) in cells.sorted(by: { $0.key < $1.key }) {
      // The attributes are the layout's fresh answer, so the cell may change them in place.
      guard let proposed = item(at: indexPath) else { continue }
      let proposedSize = proposed.size
      let size = cell.preferredLayoutAttributesFitting(proposed).size
      let kept = CGSize(width: usable(size.width), height: usable(size.height))
      guard kept != proposedSize else { continue }
      preferredItemSizes[indexPath] = kept
      changed = true
    }
    consecutiveSelfSizingPasses = changed ? consecutiveSelfSizingPasses + 1 : 0
    if changed { invalidateLayout() }
    return changed
  }
}

extension CollectionView {
  /// Lets the shown cells of a self-sizing flow layout size themselves after a layout pass; true when one
  /// changed size, so that the collection view lays out again.
  func letCellsSizeThemselves() -> Bool {
    guard let layout = collectionViewLayout as? CollectionViewFlowLayout else { return false }
    return layout.recordPreferredSizes(of: displayedCells)
  }
}
