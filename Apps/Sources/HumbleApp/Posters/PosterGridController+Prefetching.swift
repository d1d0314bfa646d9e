import CollectionKit
import Foundation
import Presentation
import Services

/// A prefetch on its way: the URL it asked for and its task.
struct Prefetch {
  /// Which prefetch this is, so that a late end of a cancelled one does not forget a newer one.
  var number: Int
  var url: URL
  var task: Task<Void, Never>
}

extension PosterGridController: CollectionViewDataSourcePrefetching {
  /// Starts loading the artwork of posters about to appear, nearest to the viewport first.
  ///
  /// The collection view already asks nearest first; the grid orders them by their distance from the visible
  /// bounds along the scroll axis anyway (a stable sort: the view's order stays among posters of one line), so that
  /// the loader sees the nearest first whatever the layout. A poster without artwork, or already being
  /// prefetched, starts nothing.
  public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    for indexPath in nearestFirst(indexPaths) {
      guard let item = collectionDataSource.itemIdentifier(for: indexPath), prefetches[item] == nil,
        let url = posters.models[item]?.artworkURL
      else { continue }
      startPrefetch(of: item, from: url)
    }
  }

  /// Cancels the prefetches of posters the viewport turned away from before they were shown.
  public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    for indexPath in indexPaths {
      guard let item = collectionDataSource.itemIdentifier(for: indexPath) else { continue }
      cancelPrefetch(of: item)
    }
  }

  /// Cancels the prefetches of posters no longer in the grid, or whose artwork URL changed.
  func cancelPrefetchesOfChangedPosters() {
    let changed = prefetches.filter { item, prefetch in posters.models[item]?.artworkURL != prefetch.url }.keys
    for item in changed.sorted(by: { "\($0)" < "\($1)" }) { cancelPrefetch(of: item) }
  }

  /// `indexPaths` ordered by how far each item lies from the visible bounds along the scroll axis, the view's
  /// order kept between items equally far.
  private func nearestFirst(_ indexPaths: [IndexPath]) -> [IndexPath] {
    let bounds = collectionView.bounds
    let layout = collectionView.collectionViewLayout
    func distance(_ indexPath: IndexPath) -> CGFloat {
      guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else { return .infinity }
      return max(0, frame.minY - bounds.maxY, bounds.minY - frame.maxY)
    }
    return indexPaths.enumerated()
      .map { (distance: distance($0.element), order: $0.offset, indexPath: $0.element) }
      .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
      .map(\.indexPath)
  }

  private func startPrefetch(of item: PosterCellModel.ID, from url: URL) {
    nextPrefetch += 1
    let number = nextPrefetch
    let loadCount = posters.loadCount
    loadCount.began()
    let task = Task { [weak self, loader] in
      // What comes back stays in the loader's cache; a failure shows when the poster's cell asks.
      _ = try? await loader.artwork(for: url)
      self?.prefetchEnded(of: item, number: number)
      loadCount.ended()
    }
    prefetches[item] = Prefetch(number: number, url: url, task: task)
    prefetchesStarted.append(item)
  }

  private func cancelPrefetch(of item: PosterCellModel.ID) {
    guard let prefetch = prefetches.removeValue(forKey: item) else { return }
    prefetch.task.cancel()
    prefetchesCancelled.append(item)
  }

  private func prefetchEnded(of item: PosterCellModel.ID, number: Int) {
    if prefetches[item]?.number == number { prefetches[item] = nil }
  }
}
