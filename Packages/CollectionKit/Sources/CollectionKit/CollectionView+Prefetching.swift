import Foundation
import ListCore

/// What the collection view has asked its prefetch data source for, and where it was going.
struct PrefetchState {
  /// Items asked for that have been neither shown nor cancelled.
  var prefetched: Set<IndexPath> = []
  /// The content offset of the last prefetch pass.
  var lastOffset: CGPoint?
  /// Whether the last scroll along the scroll axis went towards the content's end; true before any scroll.
  var isForward = true
  /// The model version prefetched against: a reload changes it and makes the collection view forget.
  var mutationCount = 0
}

extension CollectionView {
  /// Brings prefetching in line with the bounds after a layout pass: cancels the items that left the window
  /// unseen, forgets those now visible and asks for those that entered, nearest first.
  ///
  /// Costs O(visible + window): the layout is asked for the window's rectangle only.
  func updatePrefetching() {
    let bounds = bounds
    let isVertical = scrollsVertically
    // The direction is followed even while prefetching is off, so that turning it on looks the right way.
    if let last = prefetching.lastOffset {
      let moved = isVertical ? contentOffset.y - last.y : contentOffset.x - last.x
      if moved != 0 { prefetching.isForward = moved > 0 }
    }
    prefetching.lastOffset = contentOffset
    guard isPrefetchingEnabled, let prefetchDataSource else {
      prefetching.prefetched = []
      return
    }
    if prefetching.mutationCount != mutationCount {
      // A reload: index paths may name other items now, so what was asked for is forgotten, not cancelled.
      prefetching.prefetched = []
      prefetching.mutationCount = mutationCount
    }
    let window = prefetchWindow(of: bounds, isVertical: isVertical, isForward: prefetching.isForward)
    var inWindow: [(distance: CGFloat, indexPath: IndexPath)] = []
    var windowItems: Set<IndexPath> = []
    for element in collectionViewLayout.layoutAttributesForElements(in: window) ?? []
    where element.representedElementCategory == .cell && contains(element.indexPath) {
      let indexPath = element.indexPath
      guard displayedCells[indexPath] == nil, !element.frame.overlaps(bounds), !windowItems.contains(indexPath)
      else { continue }
      windowItems.insert(indexPath)
      let distance = distance(of: element.frame, from: bounds, isVertical: isVertical)
      inWindow.append((distance, indexPath))
    }
    // Items shown since they were asked for leave silently; those that left the window unseen are cancelled.
    let left = prefetching.prefetched.subtracting(windowItems)
    prefetching.prefetched.subtract(left)
    let cancelled = left.filter { displayedCells[$0] == nil && !isOnScreen($0, bounds: bounds) }.sorted()
    let wanted = inWindow.filter { !prefetching.prefetched.contains($0.indexPath) }
      .sorted { ($0.distance, $0.indexPath) < ($1.distance, $1.indexPath) }
      .map(\.indexPath)
    prefetching.prefetched.formUnion(wanted)
    if !cancelled.isEmpty { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
    if !wanted.isEmpty { prefetchDataSource.collectionView(self, prefetchItemsAt: wanted) }
  }

  /// Moves what was asked for to the items' new index paths after a batch update; deleted and reloaded items
  /// are forgotten without a cancellation (the data source changed them itself).
  func shiftPrefetchedItems(_ newIndexPath: (IndexPath) -> IndexPath?) {
    prefetching.prefetched = Set(prefetching.prefetched.compactMap(newIndexPath))
    prefetching.mutationCount = mutationCount
  }

  /// Cancels everything asked for and not yet shown, in index path order (prefetching was turned off).
  func cancelAllPrefetching() {
    let outstanding = prefetching.prefetched.sorted()
    prefetching.prefetched = []
    guard !outstanding.isEmpty else { return }
    prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: outstanding)
  }

  /// Whether the content scrolls vertically: unless it is wider than the bounds and no taller.
  private var scrollsVertically: Bool {
    let content = collectionViewLayout.collectionViewContentSize
    return !(content.width > bounds.width && content.height <= bounds.height)
  }

  /// One viewport length beyond the bounds along the scroll axis, after them going forward, before them going
  /// back; as wide as the bounds across.
  private func prefetchWindow(of bounds: CGRect, isVertical: Bool, isForward: Bool) -> CGRect {
    var window = bounds
    if isVertical {
      window.origin.y += isForward ? bounds.height : -bounds.height
    } else {
      window.origin.x += isForward ? bounds.width : -bounds.width
    }
    return window
  }

  /// How far a frame lies beyond the bounds along the scroll axis (0 for one that touches them).
  private func distance(of frame: CGRect, from bounds: CGRect, isVertical: Bool) -> CGFloat {
    let (start, end) = isVertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
    let (low, high) = isVertical ? (bounds.minY, bounds.maxY) : (bounds.minX, bounds.maxX)
    return max(0, start - high, low - end)
  }

  private func isOnScreen(_ indexPath: IndexPath, bounds: CGRect) -> Bool {
    guard contains(indexPath), let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
      return false
    }
    return frame.overlaps(bounds)
  }
}
