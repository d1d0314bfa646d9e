import Foundation

/// A section a layout has placed along its scroll axis: where it ends.
protocol LaidOutSection {
  /// Where the section ends along the scroll axis (after its footer and insets).
  var end: CGFloat { get }
}

extension FlowSection: LaidOutSection {}
extension CompositionalSectionGeometry: LaidOutSection {}

extension Array where Element: LaidOutSection {
  /// The index of the first section that ends after `position` (the count when none does), by binary search: the
  /// first section a rectangle starting at `position` can meet.
  func firstSection(endingAfter position: CGFloat) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].end <= position { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
