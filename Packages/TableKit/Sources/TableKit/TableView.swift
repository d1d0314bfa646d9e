import Foundation

/// A table view without a screen: UIKit's `UITableView` data source and delegate model, selection,
/// editing actions, batch updates and cell reuse, usable anywhere Swift runs.
///
/// Method names and signatures are UIKit's with `UI` dropped from type names, so code written against
/// UIKit ports by changing the import. The table loads its data lazily, the first time it is asked about
/// its rows (or on ``reloadData()``), and creates cells only for the rows inside its viewport.
///
/// The viewport is ``frame``'s height. A new table view's frame is 320 × 440 points: with the default
/// ``rowHeight`` of 44 points, ten rows are visible.
@MainActor
public final class TableView {
  /// Posted after the user changed the selection; the object is the table view, there is no user info.
  public static let selectionDidChangeNotification = Notification.Name("TableViewSelectionDidChangeNotification")

  /// Where a row ends up when the table scrolls to it.
  public enum ScrollPosition: Sendable, Hashable {
    /// As little scrolling as makes the row fully visible (none if it already is).
    case none
    /// The row at the top of the viewport.
    case top
    /// The row in the middle of the viewport.
    case middle
    /// The row at the bottom of the viewport.
    case bottom
  }

  /// How changes animate; accepted for UIKit compatibility, a headless table view does not animate.
  public enum RowAnimation: Sendable, Hashable {
    case fade, right, left, top, bottom, none, middle, automatic
  }

  /// Supplies sections, rows and cells.
  ///
  /// Setting it makes the table reload when next asked about its rows.
  public weak var dataSource: (any TableViewDataSource)? {
    didSet { needsReload = true }
  }

  /// Reacts to and shapes interaction, and gives heights.
  ///
  /// Setting it asks the new delegate for heights when the table has loaded (a table of many rows asks an
  /// estimate per row when the delegate implements `estimatedHeightForRowAt`: see ``estimatedRowHeight``).
  /// Which optional height methods the delegate implements is learnt again for the new delegate.
  public weak var delegate: (any TableViewDelegate)? {
    didSet {
      delegateImplementations = DelegateImplementations()
      geometryDidChange()
    }
  }

  /// The table's frame; its height is the viewport.
  public var frame: CGRect {
    didSet { layoutIfLoaded() }
  }

  /// The height of every row, in points.
  public var rowHeight: CGFloat = 44 {
    didSet { geometryDidChange() }
  }

  /// The estimated height of a row whose height has not been asked yet, in points;
  /// ``automaticDimension`` (the default) estimates ``rowHeight``, and 0 turns estimates off.
  ///
  /// With estimates on, the table asks its delegate for each row's estimate when it loads and for a row's
  /// exact height the first time it lays the row out (or is asked its rectangle). With estimates off, it
  /// asks every row's exact height when it loads, as UIKit does.
  public var estimatedRowHeight: CGFloat = TableView.automaticDimension {
    didSet { geometryDidChange() }
  }

  /// The height of a section header that has a title, in points.
  public var sectionHeaderHeight: CGFloat = 28 {
    didSet { geometryDidChange() }
  }

  /// The height of a section footer that has a title, in points.
  public var sectionFooterHeight: CGFloat = 28 {
    didSet { geometryDidChange() }
  }

  /// Whether the user can select rows outside editing.
  public var allowsSelection = true
  /// Whether the user can select several rows outside editing; a tap on a selected row deselects it.
  public var allowsMultipleSelection = false
  /// Whether the user can select rows while the table is editing.
  public var allowsSelectionDuringEditing = false
  /// Whether the user can select several rows while the table is editing.
  public var allowsMultipleSelectionDuringEditing = false
  /// Whether the table is editing: in editing mode, or showing a row's actions.
  public var isEditing = false

  // The loaded model.
  var needsReload = true
  var rowCounts: [Int] = []
  var headerTitles: [String?] = []
  var footerTitles: [String?] = []
  var sectionTops: [CGFloat] = []
  var rowHeights: [SectionRowHeights] = []
  var headerHeights: [CGFloat] = []
  var footerHeights: [CGFloat] = []
  var contentHeight: CGFloat = 0
  var offset: CGFloat = 0

  // Selection, cells, editing.
  var selectedRows: Set<IndexPath> = []
  var displayedCells: [IndexPath: TableViewCell] = [:]
  var reusableCells: [String: [TableViewCell]] = [:]
  var registeredClasses: [String: TableViewCell.Type] = [:]
  /// The row whose action is being performed (remapped by updates; nil once deleted) and its session.
  var actionSession: (id: Int, row: IndexPath?)?
  var nextActionSessionID = 0
  var pendingUpdates: PendingBatchUpdate?
  /// The displayed cell that ``dequeueReusableCell(withIdentifier:for:)`` hands back while its row is being
  /// reconfigured.
  var reconfiguring: (indexPath: IndexPath, cell: TableViewCell)?
  var isLayingOut = false
  var isApplyingUpdates = false
  var reloadRequestedDuringUpdate = false
  var prefetching = PrefetchState()
  var delegateImplementations = DelegateImplementations()
  /// Counts reloads and applied updates, so that a delegate call that changed the table can be noticed.
  var mutationCount = 0

  /// How many cells the table view has created (TableKitTesting shows it as `createdCellCount`).
  package var cellsCreated = 0

  /// The most recent inconsistent update made outside ``performBatchUpdates(_:completion:)``, which cannot
  /// throw (UIKit's signatures); the table resynchronised with its data source instead.
  public internal(set) var lastInvalidUpdate: TableViewError?

  /// Creates a table view with a frame (by default 320 × 440 points: ten rows of 44 points).
  public init(frame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 440)) {
    self.frame = frame
  }

  /// Creates a table view whose viewport shows `rows` rows of the default height.
  public convenience init(rowsInViewport rows: Int) {
    self.init(frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat(max(0, rows)) * 44))
  }

  // MARK: Data

  /// Discards everything loaded and asks the data source again: counts, titles and the visible cells.
  ///
  /// Clears the selection (a choice: Apple's documentation is silent; many apps rely on it) and ends any
  /// row's actions. Inside ``performBatchUpdates(_:completion:)`` it is refused, as UIKit requires.
  public func reloadData() {
    if pendingUpdates != nil {
      pendingUpdates?.reloadDataRequested = true
      return
    }
    // A delegate reloading from inside a layout pass or an update being applied: reload right after it.
    if isLayingOut || isApplyingUpdates {
      reloadRequestedDuringUpdate = true
      return
    }
    mutationCount += 1
    for (indexPath, cell) in displayedCells.sorted(by: { $0.key < $1.key }) {
      endDisplaying(cell, at: indexPath)
    }
    displayedCells = [:]
    selectedRows = []
    actionSession?.row = nil
    // Rows asked to prefetch name the old data: forgotten, not cancelled.
    prefetching.pendingRows = []
    loadModel()
    layoutCells()
  }

  /// The number of sections, as last loaded from the data source.
  public var numberOfSections: Int {
    loadIfNeeded()
    return rowCounts.count
  }

  /// The number of rows in a section, as last loaded from the data source (0 for a section that does not
  /// exist).
  public func numberOfRows(inSection section: Int) -> Int {
    loadIfNeeded()
    return rowCounts.indices.contains(section) ? rowCounts[section] : 0
  }

  /// Whether the row exists in the loaded model.
  public func contains(_ indexPath: IndexPath) -> Bool {
    loadIfNeeded()
    return indexPath.count == 2 && rowCounts.indices.contains(indexPath.section) && indexPath.row >= 0
      && indexPath.row < rowCounts[indexPath.section]
  }

  /// The header title of a section, as last loaded.
  public func headerTitle(forSection section: Int) -> String? {
    loadIfNeeded()
    return headerTitles.indices.contains(section) ? headerTitles[section] : nil
  }

  /// The footer title of a section, as last loaded.
  public func footerTitle(forSection section: Int) -> String? {
    loadIfNeeded()
    return footerTitles.indices.contains(section) ? footerTitles[section] : nil
  }

  func loadIfNeeded() {
    guard needsReload, !isLayingOut else { return }
    reloadData()
  }

  func loadModel() {
    needsReload = false
    guard let dataSource else {
      rowCounts = []
      headerTitles = []
      footerTitles = []
      computeGeometry()
      return
    }
    let sections = max(0, dataSource.numberOfSections(in: self))
    rowCounts = (0..<sections).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    headerTitles = (0..<sections).map { dataSource.tableView(self, titleForHeaderInSection: $0) }
    footerTitles = (0..<sections).map { dataSource.tableView(self, titleForFooterInSection: $0) }
    computeGeometry()
  }

  private func geometryDidChange() {
    guard !needsReload else { return }
    computeGeometry()
    layoutCells()
  }

  func layoutIfLoaded() {
    guard !needsReload else { return }
    clampOffset()
    layoutCells()
  }
}
