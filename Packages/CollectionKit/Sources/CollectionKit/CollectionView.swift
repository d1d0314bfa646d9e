import Foundation

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
      collectionViewLayout.invalidateLayout()
      layoutIfLoaded()
    }
  }

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

  // The loaded model.
  var needsReload = true
  var itemCounts: [Int] = []
  var isLayingOut = false

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

  /// Asks the data source for the counts when they are out of date.
  func loadModelIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    if let dataSource {
      let sections = max(0, dataSource.numberOfSections(in: self))
      itemCounts = (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    } else {
      itemCounts = []
    }
    collectionViewLayout.invalidateLayout()
    modelDidLoad()
  }

  private func attach(_ layout: CollectionViewLayout) {
    layout.collectionView = self
    layout.invalidateLayout()
  }

  private func boundsDidChange() {
    if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
      collectionViewLayout.invalidateLayout()
    }
    layoutIfLoaded()
  }
}
