import Foundation

extension TableView {
  /// Registers the class the table creates cells of for `identifier`.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    registeredClasses[identifier] = cellClass
  }

  /// A cell for `indexPath`: a reusable one (after its ``TableViewCell/prepareForReuse()``) or a new one of
  /// the registered class.
  ///
  /// While the row is being reconfigured (``reconfigureRows(at:)``), the cell it shows is returned as it
  /// is, without `prepareForReuse()`, if it has this reuse identifier; as UIKit does.
  ///
  /// UIKit raises an exception for an identifier that was never registered; this table view returns a
  /// plain ``TableViewCell`` instead, which ``fetchCell``-style checks then report as the wrong type.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
    if let reconfiguring, reconfiguring.indexPath == indexPath, reconfiguring.cell.reuseIdentifier == identifier {
      self.reconfiguring = nil
      return reconfiguring.cell
    }
    if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
    let cellClass = registeredClasses[identifier] ?? TableViewCell.self
    cellsCreated += 1
    return cellClass.init(reuseIdentifier: identifier)
  }

  /// A reusable cell for `identifier` (after its ``TableViewCell/prepareForReuse()``), else a new one of the
  /// registered class, else nil.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if let cell = reusableCells[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registeredClasses[identifier] else { return nil }
    cellsCreated += 1
    return cellClass.init(reuseIdentifier: identifier)
  }

  /// The cell showing a row, or nil when the row is not visible.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    loadIfNeeded()
    return displayedCells[indexPath]
  }

  /// The row a displayed cell shows, or nil.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    displayedCells.first { $0.value === cell }?.key
  }

  /// The cells of the visible rows, in row order.
  public var visibleCells: [TableViewCell] {
    loadIfNeeded()
    return displayedCells.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The visible rows, in order.
  public var indexPathsForVisibleRows: [IndexPath]? {
    loadIfNeeded()
    return displayedCells.keys.sorted()
  }

  /// How many cells wait in the reuse pool (TableKitTesting shows it as `reusableCellCount`).
  package var cellsInReusePool: Int {
    reusableCells.values.reduce(0) { $0 + $1.count }
  }

  /// Brings the displayed cells in line with the viewport: cells of rows that left it go to the reuse pool,
  /// rows that entered it get cells from the data source.
  func layoutCells() {
    guard !isLayingOut else { return }
    isLayingOut = true
    defer {
      isLayingOut = false
      performDeferredReload()
    }
    let visible = measuredVisibleIndexPaths()
    let visibleSet = Set(visible)
    for (indexPath, cell) in displayedCells.sorted(by: { $0.key < $1.key }) where !visibleSet.contains(indexPath) {
      displayedCells[indexPath] = nil
      endDisplaying(cell, at: indexPath)
    }
    guard let dataSource else { return }
    for indexPath in visible where displayedCells[indexPath] == nil {
      let cell = dataSource.tableView(self, cellForRowAt: indexPath)
      cell.isSelected = selectedRows.contains(indexPath)
      displayedCells[indexPath] = cell
      delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    }
    updatePrefetching(visible: visible)
  }

  /// Asks the data source again for the cells of visible rows, handing back the cells they show (see
  /// ``reconfigureRows(at:)``).
  func reconfigureDisplayedRows(_ indexPaths: [IndexPath]) {
    guard let dataSource else { return }
    let wasLayingOut = isLayingOut
    isLayingOut = true
    defer {
      isLayingOut = wasLayingOut
      if !wasLayingOut { performDeferredReload() }
    }
    for indexPath in Set(indexPaths).sorted() {
      guard let cell = displayedCells[indexPath] else { continue }
      reconfiguring = (indexPath, cell)
      let answer = dataSource.tableView(self, cellForRowAt: indexPath)
      reconfiguring = nil
      answer.isSelected = selectedRows.contains(indexPath)
      guard answer !== cell else { continue }
      displayedCells[indexPath] = answer
      endDisplaying(cell, at: indexPath)
      delegate?.tableView(self, willDisplay: answer, forRowAt: indexPath)
    }
  }

  /// Runs a `reloadData()` that a delegate asked for while cells were being laid out or an update applied.
  func performDeferredReload() {
    guard reloadRequestedDuringUpdate, !isLayingOut, !isApplyingUpdates else { return }
    reloadRequestedDuringUpdate = false
    reloadData()
  }

  func endDisplaying(_ cell: TableViewCell, at indexPath: IndexPath) {
    delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    if let identifier = cell.reuseIdentifier {
      reusableCells[identifier, default: []].append(cell)
    }
  }

  /// Replaces the cell of a displayed row with a fresh one from the data source (after a reload).
  func redisplay(_ indexPath: IndexPath) {
    guard let cell = displayedCells.removeValue(forKey: indexPath) else { return }
    endDisplaying(cell, at: indexPath)
  }
}
