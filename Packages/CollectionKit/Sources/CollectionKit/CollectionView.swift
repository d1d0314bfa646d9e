import Foundation
import ListCore

/// A collection view without a screen: UIKit's `UICollectionView` data source, delegate and layout model,
/// cell reuse and selection, usable anywhere Swift runs.
///
/// Names and labels are UIKit's with `UI` dropped, so code written against UIKit ports by changing the
/// import. The collection view loads its data lazily, the first time it is asked about its items (or on
/// ``reloadData()``), and creates cells only for the items its layout places inside its ``bounds``.
@MainActor
public final class CollectionView {
  /// The kind of a section's header, for supplementary views.
  public static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
  /// The kind of a section's footer, for supplementary views.
  public static let elementKindSectionFooter = "CollectionElementKindSectionFooter"
  /// The kind a cell is dequeued as, in error messages.
  static let elementKindCell = "CollectionElementKindCell"

  /// Supplies sections, items, cells and supplementary views.
  ///
  /// Setting it makes the collection view reload when next asked about its items.
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { needsReload = true }
  }

  /// Reacts to and shapes interaction; a ``CollectionViewDelegateFlowLayout`` also sizes a flow layout.
  public weak var delegate: (any CollectionViewDelegate)? {
    didSet {
      invalidateLayoutForModel()
      layoutIfLoaded()
    }
  }

  /// Told ahead of time which items will soon be shown, and which no longer will.
  ///
  /// Setting it forgets what the previous one was asked for; the next layout pass asks for the whole window.
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    didSet { prefetching.prefetched = [] }
  }

  /// Whether the collection view tells its ``prefetchDataSource`` about items ahead; true by default.
  ///
  /// Turning it off cancels every item asked for and not yet shown.
  public var isPrefetchingEnabled = true {
    didSet { if !isPrefetchingEnabled { cancelAllPrefetching() } }
  }

  /// What the prefetch data source was asked for.
  var prefetching = PrefetchState()

  /// Where the collection view is; its size is the size of the visible bounds.
  public var frame: CGRect {
    didSet { boundsDidChange() }
  }

  /// The point of the content shown at the top left of the visible bounds.
  ///
  /// Set as it is, without clamping to the content, as UIKit's property is.
  public var contentOffset = CGPoint.zero {
    didSet { boundsDidChange() }
  }

  /// The layout that places cells and supplementary views; setting one lays the collection view out with it.
  public var collectionViewLayout: CollectionViewLayout {
    didSet {
      guard oldValue !== collectionViewLayout else { return }
      oldValue.collectionView = nil
      attach(collectionViewLayout)
      layoutIfLoaded()
    }
  }

  /// Whether the user can select items; true by default.
  public var allowsSelection = true
  /// Whether the user can select several items; false by default.
  ///
  /// A tap on a selected item then deselects it.
  public var allowsMultipleSelection = false

  /// The most recent misuse met while displaying.
  ///
  /// A cell or view the data source did not dequeue, or a dequeue of an identifier never registered: UIKit raises an exception there; this collection view shows
  /// nothing for that element and keeps the error here.
  public internal(set) var lastDisplayError: CollectionViewError? {
    didSet { displayErrorCount += 1 }
  }
  /// How many times a display misuse was recorded: a helper can tell whether one happened while it ran, even
  /// one equal to the last.
  package var displayErrorCount = 0

  // The loaded model.
  var needsReload = true
  var needsCellLayout = true
  var itemCounts: [Int] = []
  var isLayingOut = false
  /// Whether the collection view is invalidating its layout itself (and lays out after).
  var invalidatingLayout = false
  var reloadRequestedDuringLayout = false
  /// Counts loads, so that a tap can notice a delegate that reloaded the data under it.
  var mutationCount = 0

  // Selection, cells and views.
  var selectedItems: Set<IndexPath> = []
  var displayedCells: [IndexPath: CollectionViewCell] = [:]
  var displayedSupplementaryViews: [SupplementaryKey: CollectionReusableView] = [:]
  var cellClasses: [String: CollectionViewCell.Type] = [:]
  var supplementaryClasses: [ReuseKey: CollectionReusableView.Type] = [:]
  var reusableCells: [String: [CollectionViewCell]] = [:]
  var reusableSupplementaryViews: [ReuseKey: [CollectionReusableView]] = [:]
  /// The views dequeued while the data source answers one request, and the misuse it made, if any.
  var dequeuedDuringRequest: Set<ObjectIdentifier> = []
  var misuseDuringRequest: CollectionViewError?

  /// How many requests for a cell or supplementary view, of any collection view, are being answered now: a cell
  /// registration made meanwhile is made inside a data source.
  static var cellRequestsInProgress = 0

  /// The batch being recorded by ``performBatchUpdates(_:completion:)``, if one is.
  var pendingUpdates: BatchUpdate?
  /// The completions of batches nested in the one being recorded: they learn its outcome.
  var nestedCompletions: [(Bool) -> Void] = []
  /// The item being reconfigured and the cell it shows: a dequeue for it answers that cell.
  var reconfiguring: (indexPath: IndexPath, cell: CollectionViewCell)?
  /// The item the user is moving, from ``beginInteractiveMovementForItem(at:)`` until it ends.
  var interactiveMovement: InteractiveMovement?

  /// The most recent invalid update made outside a batch.
  ///
  /// ``insertItems(at:)`` and its kin cannot throw (their UIKit signatures do not); outside
  /// ``performBatchUpdates(_:completion:)`` an update that does not add up leaves the view as it was and is kept
  /// here.
  public internal(set) var lastInvalidUpdate: CollectionViewError?

  /// How many cells and supplementary views the collection view has created (a test hook).
  package var viewsCreated = 0

  /// Creates a collection view of a frame, laid out by a layout (which must not be another collection
  /// view's).
  public init(frame: CGRect, collectionViewLayout: CollectionViewLayout) {
    self.frame = frame
    self.collectionViewLayout = collectionViewLayout
    attach(collectionViewLayout)
  }

  /// The visible part of the content: ``contentOffset`` and ``frame``'s size.
  public var bounds: CGRect {
    CGRect(origin: contentOffset, size: frame.size)
  }

  /// The size of the content, as the layout gives it.
  public var contentSize: CGSize {
    loadModelIfNeeded()
    return collectionViewLayout.collectionViewContentSize
  }

  /// The number of sections, as last loaded from the data source.
  public var numberOfSections: Int {
    loadModelIfNeeded()
    return itemCounts.count
  }

  /// The number of items in a section, as last loaded (0 for a section that does not exist).
  public func numberOfItems(inSection section: Int) -> Int {
    loadModelIfNeeded()
    return itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  /// Whether the index path names an item of the loaded model.
  func contains(_ indexPath: IndexPath) -> Bool {
    loadModelIfNeeded()
    return indexPath.count == 2 && itemCounts.indices.contains(indexPath.section) && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// The item counts, loaded if needed, for the layout's ``CollectionViewLayout/prepare()``.
  func itemCountsForLayout() -> [Int] {
    loadModelIfNeeded()
    return itemCounts
  }

  /// Asks the data source for the counts when they are out of date, ending the display of everything shown
  /// and clearing the selection.
  func loadModelIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    mutationCount += 1
    endDisplayingEverything()
    selectedItems = []
    if let dataSource {
      let sections = max(0, dataSource.numberOfSections(in: self))
      itemCounts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    } else {
      itemCounts = []
    }
    invalidateLayoutForModel()
    needsCellLayout = true
  }

  /// Invalidates the layout for a change the collection view lays out after itself (a load, an update, new
  /// bounds): the layout's invalidation does not start a layout pass of its own.
  func invalidateLayoutForModel() {
    invalidatingLayout = true
    collectionViewLayout.invalidateLayout()
    invalidatingLayout = false
  }

  /// The layout was invalidated: unless the collection view did it itself, the cells are laid out again now, so
  /// that a change of the layout's properties moves them at once.
  func layoutWasInvalidated() {
    needsCellLayout = true
    guard !invalidatingLayout, !needsReload, !isLayingOut, pendingUpdates == nil else { return }
    layoutCells()
  }

  private func attach(_ layout: CollectionViewLayout) {
    layout.collectionView = self
    invalidateLayoutForModel()
  }

  private func boundsDidChange() {
    if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
      invalidateLayoutForModel()
    }
    layoutIfLoaded()
  }
}
