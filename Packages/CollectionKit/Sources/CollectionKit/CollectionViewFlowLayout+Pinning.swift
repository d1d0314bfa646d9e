import Foundation
import ListCore

extension CollectionViewFlowLayout {
  /// Where a section's header starts along the scroll axis: its natural place, or pinned to the visible top.
  ///
  /// Pinned: max(natural, visible top), but never past the section's end minus the header's length.
  func headerStart(of section: FlowSection) -> CGFloat {
    guard sectionHeadersPinToVisibleBounds, let visible = visibleMainRange else { return section.start }
    return min(max(section.start, visible.lower), section.end - section.headerLength)
  }

  /// Where a section's footer starts along the scroll axis: its natural place, or pinned to the visible bottom.
  ///
  /// Pinned: min(natural, visible bottom minus the footer's length), but never before the section's start.
  func footerStart(of section: FlowSection) -> CGFloat {
    guard sectionFootersPinToVisibleBounds, let visible = visibleMainRange else { return section.footerStart }
    return max(min(section.footerStart, visible.upper - section.footerLength), section.start)
  }

  /// Whether a change of the bounds needs a new layout: a new size across the scroll axis lays the lines out
  /// again; with pinned views any other change (a scroll) only moves them.
  func shouldInvalidate(forBoundsChange newBounds: CGRect) -> Bool {
    if axis.cross(newBounds.size) != crossLength { return true }
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds else { return false }
    invalidationIsForScroll = true
    return true
  }

  /// The visible bounds' range along the scroll axis, when the layout is installed.
  private var visibleMainRange: (lower: CGFloat, upper: CGFloat)? {
    collectionView.map { axis.mainRange($0.bounds) }
  }
}
