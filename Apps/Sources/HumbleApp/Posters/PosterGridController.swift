import CollectionKit
import Foundation
import Presentation
import Services

/// A grid of posters on screen: a CollectionKit collection view laid out as a uniform grid for a width, showing a
/// ``PosterGridDataSource``'s snapshots through a diffable data source, each item a ``PosterCell`` that loads its
/// artwork.
///
/// The grid is measured in terminal cells: a point is a character cell. Each snapshot the data source publishes
/// becomes a `DiffableDataSourceSnapshot` of the posters' identifiers, applied as one batch update; the posters
/// visible before it that are still there are reconfigured (a cell keeps its artwork when its item and URL stay).
///
/// Artwork: a displayed cell asks the loader for its poster's artwork when it is configured and lets it go when it
/// stops being displayed. Prefetching (CollectionKit's `CollectionViewDataSourcePrefetching`) asks the same loader
/// for the posters about to appear, nearest to the viewport first, and cancels those asks when the viewport turns
/// away before they are shown. Prefetches go through the loader itself: the live loader keeps the artwork in its
/// memory cache and makes one fetch for a prefetch and a cell asking the same URL, so a cell configured after its
/// prefetch finds its artwork there, or waits on the fetch already running. A prefetch whose poster appears is
/// therefore left to finish rather than cancelled (cancelling it just before the cell asks could end the shared
/// fetch only to start it again). Each answer a cell applies is reported on ``onArtworkChange``, which the REPL
/// redraws on. Selecting a poster hands its ``PosterCellModel/destination`` to ``onOpen``.
@MainActor
public final class PosterGridController: CollectionViewDelegate {
  /// The grid's one section.
  public enum Section: Hashable, Sendable {
    /// The posters.
    case posters
  }

  /// A cell's artwork changed because the loader answered: which poster, where it is now, and what it shows.
  public struct ArtworkChange: Hashable, Sendable {
    /// The poster.
    public var item: PosterCellModel.ID
    /// Its index in the grid.
    public var index: Int
    /// What its cell shows now.
    public var state: PosterArtworkState

    /// A change from its parts.
    public init(item: PosterCellModel.ID, index: Int, state: PosterArtworkState) {
      self.item = item
      self.index = index
      self.state = state
    }
  }

  /// The grid's collection view.
  public let collectionView: CollectionView
  /// The grid's diffable data source: one section of the posters' identifiers.
  public let collectionDataSource: CollectionViewDiffableDataSource<Section, PosterCellModel.ID>
  /// Where the posters come from.
  public let dataSource: PosterGridDataSource
  /// Where the artwork comes from.
  public let loader: any ArtworkLoader
  /// The grid's metrics.
  public let metrics: Metrics
  /// The snapshot the grid shows.
  public private(set) var snapshot: PosterGridSnapshot
  /// Called with a poster's destination when the user selects it.
  public var onOpen: ((PosterDestination) -> Void)?
  /// Called each time artwork arrives (or fails) for a displayed poster, so that the screen can redraw.
  public var onArtworkChange: ((ArtworkChange) -> Void)?

  /// The posters by identifier, and what the cells need to load: shared with the cell provider.
  let posters: PosterStore
  /// The prefetches started and not yet ended or cancelled, by poster.
  var prefetches: [PosterCellModel.ID: Prefetch] = [:]
  var nextPrefetch = 0
  /// Every prefetch started, in order (a test hook).
  @_spi(Testing) public internal(set) var prefetchesStarted: [PosterCellModel.ID] = []
  /// Every prefetch cancelled, in order (a test hook).
  @_spi(Testing) public internal(set) var prefetchesCancelled: [PosterCellModel.ID] = []
  private var updates: Task<Void, Never>?

  /// A grid over a data source, `width` columns wide and `height` lines high, whose cells load from `loader`.
  ///
  /// It shows the data source's snapshot now and each one it publishes later.
  public init(
    dataSource: PosterGridDataSource, loader: any ArtworkLoader, width: Int, height: Int, metrics: Metrics = Metrics()
  ) {
    self.dataSource = dataSource
    self.loader = loader
    self.metrics = metrics
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: metrics.posterWidth, height: metrics.posterHeight)
    layout.minimumInteritemSpacing = CGFloat(metrics.spacing)
    layout.minimumLineSpacing = CGFloat(metrics.lineSpacing)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: max(1, width), height: max(1, height)), collectionViewLayout: layout)
    let posters = PosterStore(loader: loader)
    self.posters = posters
    let registration = CollectionView.CellRegistration<PosterCell, PosterCellModel.ID> { cell, _, item in
      posters.bind(cell, to: item)
    }
    collectionDataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    snapshot = PosterGridSnapshot(cellModels: [], state: .idle)
    collectionView.delegate = self
    collectionView.prefetchDataSource = self
    posters.artworkChanged = { [weak self] cell in self?.artworkChanged(in: cell) }
    show(dataSource.snapshot)
    let stream = dataSource.updates()
    updates = Task { [weak self] in
      for await next in stream {
        guard let self else { return }
        // A snapshot already shown (the one `reload()` showed at once) is not shown again.
        guard next.revision > self.snapshot.revision else { continue }
        self.show(next)
      }
    }
  }

  /// Cancels every load the grid started: the displayed cells' and the prefetches' (the screen was left).
  isolated deinit {
    updates?.cancel()
    for cell in collectionView.visibleCells { (cell as? PosterCell)?.unbind() }
    for prefetch in prefetches.values { prefetch.task.cancel() }
  }

  /// Whether the grid's cells drop answers of earlier bindings (a test hook: false makes every cell show whatever
  /// answer lands last, the stale-picture bug, so that a test can show it catches it).
  @_spi(Testing) public var cellsDropLateAnswers: Bool {
    get { posters.cellsDropLateAnswers }
    set { posters.cellsDropLateAnswers = newValue }
  }

  /// Counts the artwork loads on their way (a test hook: a test waits on its changes).
  @_spi(Testing) public var loadCount: ArtworkLoadCount { posters.loadCount }

  /// How many posters a line of the grid holds.
  public var columns: Int {
    metrics.columns(forWidth: Int(collectionView.frame.width))
  }

  /// How many artwork loads (the cells' and the prefetches') are on their way.
  public var artworkLoadsInFlight: Int { posters.loadCount.inFlight }

  /// The indexes of the posters displayed, in order.
  public var visibleIndexes: [Int] {
    collectionView.indexPathsForVisibleItems.map(\.item).sorted()
  }

  /// The cell displayed for the poster at `index`; nil when it is not displayed.
  public func cell(at index: Int) -> PosterCell? {
    collectionView.cellForItem(at: IndexPath(item: index, section: 0)) as? PosterCell
  }

  /// Gives the grid another size (the terminal was resized): lines hold as many posters as fit the new width.
  public func resize(width: Int, height: Int) {
    collectionView.frame = CGRect(x: 0, y: 0, width: max(1, width), height: max(1, height))
  }

  /// Reloads the data source and shows what it publishes.
  public func reload() async {
    await dataSource.reload()
    show(dataSource.snapshot)
  }

  /// Shows a snapshot of the posters: the diffable data source applies the difference from the grid shown as one
  /// batch update (or reloads the collection view's data when the grid was empty, or refuses the update), the
  /// posters displayed before that stay are reconfigured, and prefetches of posters that left or changed their
  /// artwork are cancelled.
  public func show(_ next: PosterGridSnapshot) {
    let displayed = collectionView.indexPathsForVisibleItems.sorted().compactMap {
      collectionDataSource.itemIdentifier(for: $0)
    }
    // A poster listed twice is shown once, where it first appears (a snapshot's identifiers must be unique).
    var models: [PosterCellModel.ID: PosterCellModel] = [:]
    var identifiers: [PosterCellModel.ID] = []
    for model in next.cellModels where models[model.id] == nil {
      models[model.id] = model
      identifiers.append(model.id)
    }
    posters.models = models
    var items = DiffableDataSourceSnapshot<Section, PosterCellModel.ID>()
    items.appendSections([.posters])
    items.appendItems(identifiers)
    items.reconfigureItems(displayed.filter { models[$0] != nil })
    do {
      if collectionDataSource.snapshot().numberOfItems == 0 {
        // Nothing shown yet: there is nothing to diff against, and a grid of 10,000 posters skips 10,000 inserts.
        try collectionDataSource.applySnapshotUsingReloadData(items)
      } else {
        try collectionDataSource.apply(items, animatingDifferences: false)
      }
    } catch {
      // A snapshot of unique identifiers always applies; this keeps the grid showing the data whatever happens.
      try? collectionDataSource.applySnapshotUsingReloadData(items)
    }
    snapshot = next
    cancelPrefetchesOfChangedPosters()
  }

  // MARK: CollectionViewDelegate

  /// Hands the selected poster's destination to ``onOpen`` and deselects it, so that it can be selected again.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    let destination = collectionDataSource.itemIdentifier(for: indexPath).flatMap { posters.models[$0]?.destination }
    collectionView.deselectItem(at: indexPath, animated: false)
    if let destination { onOpen?(destination) }
  }

  /// Lets the cell's poster go: its load is cancelled when it leaves the screen, not when it is reused.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    (cell as? PosterCell)?.unbind()
  }

  private func artworkChanged(in cell: PosterCell) {
    guard let model = cell.model, let indexPath = collectionDataSource.indexPath(for: model.id) else { return }
    onArtworkChange?(ArtworkChange(item: model.id, index: indexPath.item, state: cell.artworkState))
  }
}
