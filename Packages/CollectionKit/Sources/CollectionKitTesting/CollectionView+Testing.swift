import CollectionKit
import Foundation

extension CollectionView {
  /// Taps an item as Fleet does, through the collection view's own selection path
  /// (``CollectionKit/CollectionView/handleSelectionTap(at:)``), without the highlight.
  ///
  /// Throws, in this order: "Data source required to select item.", "Interaction with item I in section S
  /// rejected: Collection view does not allow selection.", "Collection view has no section S.", "Collection
  /// view has no item I in section S."
  public func selectItem(at indexPath: IndexPath) throws(CollectionViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "select item") }
    try requireItemIndexPath(indexPath)
    guard allowsSelection else {
      throw .interactionRejected(
        item: indexPath.item, section: indexPath.section, reason: "Collection view does not allow selection.")
    }
    try requireItem(indexPath)
    handleSelectionTap(at: indexPath)
  }

  /// Deselects a selected item as a user's tap does: should-deselect, then did-deselect.
  ///
  /// Throws "Data source required to deselect item.", the section and item errors, or "Interaction with item
  /// I in section S rejected: Item is not selected."
  public func deselectItem(at indexPath: IndexPath) throws(CollectionViewError) {
    guard dataSource != nil else { throw .dataSourceRequired(action: "deselect item") }
    try requireItemIndexPath(indexPath)
    try requireItem(indexPath)
    guard indexPathsForSelectedItems?.contains(indexPath) == true else {
      throw .interactionRejected(item: indexPath.item, section: indexPath.section, reason: "Item is not selected.")
    }
    handleDeselectTap(at: indexPath)
  }

  /// Scrolls the item into view and returns the cell displayed for it: the one
  /// ``CollectionKit/CollectionView/cellForItem(at:)`` returns afterwards.
  ///
  /// Throws "Data source required to fetch cells.", the section and item errors, the data source's misuse
  /// that left the item without a cell (``CollectionKit/CollectionView/lastDisplayError``), or "Collection
  /// view could not display a cell at item I in section S."
  public func fetchCell(at indexPath: IndexPath) throws(CollectionViewError) -> CollectionViewCell {
    guard dataSource != nil else { throw .dataSourceRequired(action: "fetch cells") }
    try requireItemIndexPath(indexPath)
    try requireItem(indexPath)
    let errorsBefore = displayErrorCount
    scrollToItem(at: indexPath, at: [], animated: false)
    if let cell = cellForItem(at: indexPath) { return cell }
    if let misuse = lastDisplayError, displayErrorCount != errorsBefore { throw misuse }
    throw .couldNotDisplayCell(item: indexPath.item, section: indexPath.section)
  }

  /// Like ``fetchCell(at:)``, and checks the cell's type.
  ///
  /// Throws what ``fetchCell(at:)`` throws, or "Cell at item I in section S is of type `X` (wanted `Y`)."
  public func fetchCell<Cell: CollectionViewCell>(at indexPath: IndexPath, asType: Cell.Type)
    throws(CollectionViewError) -> Cell
  {
    let cell = try fetchCell(at: indexPath)
    guard let typed = cell as? Cell else {
      throw .cellTypeMismatch(
        item: indexPath.item, section: indexPath.section, actual: String(describing: type(of: cell)),
        wanted: String(describing: Cell.self))
    }
    return typed
  }

  /// Scrolls a supplementary view (a section's header or footer: the section and item 0) into view and
  /// returns the view displayed there.
  ///
  /// Throws "Data source required to fetch cells.", "Collection view has no section S.", or "Collection view
  /// could not display a supplementary view of kind K at item I in section S."
  public func fetchSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    throws(CollectionViewError) -> CollectionReusableView
  {
    guard dataSource != nil else { throw .dataSourceRequired(action: "fetch cells") }
    try requireItemIndexPath(indexPath)
    guard indexPath.section >= 0, indexPath.section < numberOfSections else { throw .noSection(indexPath.section) }
    let notDisplayed = CollectionViewError.couldNotDisplaySupplementaryView(
      kind: elementKind, item: indexPath.item, section: indexPath.section)
    guard let frame = layoutAttributesForSupplementaryElement(ofKind: elementKind, at: indexPath)?.frame else {
      throw notDisplayed
    }
    let errorsBefore = displayErrorCount
    // Setting the offset, even to what it is, lays the view out: a view that failed to display is asked again.
    contentOffset =
      bounds.intersects(frame)
      ? contentOffset
      : CGPoint(
        x: min(max(0, frame.minX), max(0, contentSize.width - bounds.width)),
        y: min(max(0, frame.minY), max(0, contentSize.height - bounds.height)))
    if let view = supplementaryView(forElementKind: elementKind, at: indexPath) { return view }
    if let misuse = lastDisplayError, displayErrorCount != errorsBefore { throw misuse }
    throw notDisplayed
  }

  /// The index path must hold a section and an item.
  func requireItemIndexPath(_ indexPath: IndexPath) throws(CollectionViewError) {
    guard indexPath.count == 2 else { throw .notAnItemIndexPath(Array(indexPath)) }
  }

  /// The section, then the item, must exist (negative indexes included).
  func requireItem(_ indexPath: IndexPath) throws(CollectionViewError) {
    let (section, item) = (indexPath.section, indexPath.item)
    guard section >= 0, section < numberOfSections else { throw .noSection(section) }
    guard item >= 0, item < numberOfItems(inSection: section) else { throw .noItem(item, section: section) }
  }
}
