import Foundation
import ListCore

extension CollectionView {
  /// Registers the class the collection view creates cells of for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    cellClasses[identifier] = cellClass
  }

  /// Registers the class the collection view creates supplementary views of, for a kind and an identifier.
  public func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    supplementaryClasses[ReuseKey(kind: elementKind, identifier: identifier)] = viewClass
  }

  /// A cell for an item: a reusable one, after its ``CollectionReusableView/prepareForReuse()``, or a new one
  /// of the registered class.
  ///
  /// UIKit raises an exception for an identifier that was never registered; this collection view records
  /// the error in ``lastDisplayError`` and returns a cell it will not display.
  ///
  /// While an item is reconfigured (``reconfigureItems(at:)``), a dequeue for it with the reuse identifier of
  /// the cell it shows returns that cell as it is, without `prepareForReuse()`, as UIKit does.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    if let reconfiguring, reconfiguring.indexPath == indexPath, reconfiguring.cell.reuseIdentifier == identifier {
      self.reconfiguring = nil
      dequeuedDuringRequest.insert(ObjectIdentifier(reconfiguring.cell))
      return reconfiguring.cell
    }
    let cell: CollectionViewCell
    if let reused = reusableCells[identifier]?.popLast() {
      reused.prepareForReuse()
      cell = reused
    } else if let cellClass = cellClasses[identifier] {
      cell = cellClass.init(frame: .zero)
      cell.reuseIdentifier = identifier
      viewsCreated += 1
    } else {
      recordMisuse(.unregisteredReuseIdentifier(kind: Self.elementKindCell, identifier: identifier))
      return CollectionViewCell(frame: .zero)
    }
    dequeuedDuringRequest.insert(ObjectIdentifier(cell))
    return cell
  }

  /// A supplementary view of a kind: a reusable one, after its ``CollectionReusableView/prepareForReuse()``,
  /// or a new one of the class registered for the kind and identifier.
  ///
  /// An identifier never registered for the kind is recorded in ``lastDisplayError`` (UIKit raises), and the
  /// view returned is not displayed.
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> CollectionReusableView {
    let key = ReuseKey(kind: elementKind, identifier: identifier)
    let view: CollectionReusableView
    if let reused = reusableSupplementaryViews[key]?.popLast() {
      reused.prepareForReuse()
      view = reused
    } else if let viewClass = supplementaryClasses[key] {
      view = viewClass.init(frame: .zero)
      view.reuseIdentifier = identifier
      view.elementKind = elementKind
      viewsCreated += 1
    } else {
      recordMisuse(.unregisteredReuseIdentifier(kind: elementKind, identifier: identifier))
      return CollectionReusableView(frame: .zero)
    }
    dequeuedDuringRequest.insert(ObjectIdentifier(view))
    return view
  }

  /// The cell showing an item, or nil when the item is not visible.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    layoutIfNeeded()
    return displayedCells[indexPath]
  }

  /// The supplementary view shown for a kind at an index path, or nil when none is visible.
  public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> CollectionReusableView?
  {
    layoutIfNeeded()
    return displayedSupplementaryViews[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
  }

  /// The cells of the visible items, in index path order.
  public var visibleCells: [CollectionViewCell] {
    layoutIfNeeded()
    return displayedCells.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The visible items, in order.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return displayedCells.keys.sorted()
  }

  /// The item a displayed cell shows, or nil.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    layoutIfNeeded()
    return displayedCells.first { $0.value === cell }?.key
  }

  /// How many cells wait in the reuse pool (a test hook).
  package var cellsInReusePool: Int {
    reusableCells.values.reduce(0) { $0 + $1.count }
  }

  private func recordMisuse(_ error: CollectionViewError) {
    misuseDuringRequest = error
    lastDisplayError = error
  }
}
