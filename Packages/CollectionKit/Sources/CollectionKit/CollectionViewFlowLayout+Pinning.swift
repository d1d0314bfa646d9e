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
    axis.cross(newBounds.size) != crossLength || sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
  }

  /// What the sections are computed from, besides the layout's own properties (whose changes invalidate it
  /// directly).
  var preparationInputs: FlowPreparationInputs? {
    collectionView.map {
      FlowPreparationInputs(
        collectionView: ObjectIdentifier($0), modelVersion: $0.mutationCount, crossLength: axis.cross($0.bounds.size),
        delegate: $0.delegate.map { ObjectIdentifier($0) })
    }
  }

  /// Whether an invalidation is the collection view's own for a scroll of pinned views: it invalidates the
  /// layout itself while its model, delegate and size across are what the sections were prepared from.
  var isInvalidationForScroll: Bool {
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds, sectionsArePrepared,
      collectionView?.invalidatingLayout == true
    else { return false }
    return preparedFrom != nil && preparedFrom == preparationInputs
  }

  /// The visible bounds' range along the scroll axis, when the layout is installed.
  private var visibleMainRange: (lower: CGFloat, upper: CGFloat)? {
    collectionView.map { axis.mainRange($0.bounds) }
  }
}

/// What a flow layout's sections depend on outside the layout: a scroll changes none of it.
struct FlowPreparationInputs: Equatable {
  var collectionView: ObjectIdentifier
  var modelVersion: Int
  var crossLength: CGFloat
  var delegate: ObjectIdentifier?
}
