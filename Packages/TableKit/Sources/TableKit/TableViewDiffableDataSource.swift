import Foundation
import ListCore

/// A data source that shows ``DiffableDataSourceSnapshot``s, as `UITableViewDiffableDataSource` does:
/// applying a snapshot diffs it against the one shown and updates the table in one checked batch update.
///
/// It makes itself its table view's ``TableView/dataSource`` (which holds it weakly, as UIKit's does: keep a
/// reference). Subclasses override ``tableView(_:titleForHeaderInSection:)``,
/// ``tableView(_:titleForFooterInSection:)`` and ``tableView(_:canEditRowAt:)``, as in UIKit; rows cannot be
/// edited unless a subclass says so.
///
/// Applying never crashes: a snapshot that recorded a misuse, or an update the table refuses, throws a
/// ``TableViewError`` and leaves the table and ``snapshot()`` as they were. See <doc:DiffableDataSource>.
@MainActor
open class TableViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: TableViewDataSource {
  /// Makes the cell for an item: usually dequeues a cell and binds the item to it.
  ///
  /// A nil answer shows an empty plain cell (UIKit raises an exception).
  public typealias CellProvider = (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?

  @usableFromInline final weak var tableView: TableView?
  @usableFromInline final let cellProvider: CellProvider
  /// The snapshot shown, without reload and reconfigure marks.
  @usableFromInline final var currentSnapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
  /// The shown snapshot in the form the diff takes, kept from the last diff; nil after a reload-data apply, until
  /// the next diff needs it.
  @usableFromInline final var currentSections:
    [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>]? = []
  @usableFromInline final var isApplying = false

  /// The batch update the last successful ``apply(_:animatingDifferences:completion:)`` made: rows and
  /// sections inserted, deleted and moved, and rows reloaded (rows reconfigured in place are not in it); nil
  /// before the first one and after ``applySnapshotUsingReloadData(_:completion:)``.
  ///
  /// TableKit's addition (UIKit does not say what an apply changed): for a screen that logs its updates.
  public final var appliedChanges: Changeset? { lastChanges }
  @usableFromInline final var lastChanges: Changeset?

  /// How changes animate; accepted for UIKit compatibility (a headless table view does not animate).
  public final var defaultRowAnimation: TableView.RowAnimation = .automatic

  /// Creates a data source for a table view and makes it the table's data source.
  public init(tableView: TableView, cellProvider: @escaping CellProvider) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    tableView.dataSource = self
  }

  // MARK: Snapshots

  /// A copy of the snapshot the table shows (without reload or reconfigure marks).
  @inlinable
  public final func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    currentSnapshot
  }

  /// The item at a row of the shown snapshot, or nil.
  @inlinable
  public final func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    currentSnapshot.itemIdentifier(at: indexPath)
  }

  /// The row of an item in the shown snapshot, or nil.
  @inlinable
  public final func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    currentSnapshot.indexPath(ofItem: itemIdentifier)
  }

  /// The section at an index of the shown snapshot, or nil.
  @inlinable
  public final func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    currentSnapshot.sectionIdentifier(at: index)
  }

  /// The index of a section in the shown snapshot, or nil.
  @inlinable
  public final func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    currentSnapshot.indexOfSection(sectionIdentifier)
  }

  /// Shows a snapshot: diffs it against the one shown and applies the changes as one batch update, so that
  /// visible cells of kept rows stay and the selection follows its items.
  ///
  /// It diffs whether or not `animatingDifferences` is true, as UIKit does since iOS 15 (a headless table
  /// does not animate). Rows of items marked with ``DiffableDataSourceSnapshot/reloadItems(_:)`` or in
  /// sections marked with ``DiffableDataSourceSnapshot/reloadSections(_:)`` get new cells (and lose their
  /// selection); visible rows of items marked with ``DiffableDataSourceSnapshot/reconfigureItems(_:)`` are
  /// handed their cells again. An item whose identifier is unchanged keeps its cell as it is: marking rows
  /// whose content changed is the caller's job.
  ///
  /// `completion` runs once, after the table shows the snapshot and before this method returns. Throws the
  /// snapshot's ``DiffableDataSourceSnapshot/firstMisuse``, or what the table's batch update throws, leaving
  /// the table and ``snapshot()`` as they were (then `completion` is not called).
  @inlinable
  public final func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws {
    try checkApplicable(snapshot)
    let sections = snapshot.diffableSections()
    let changeset = Changeset.difference(from: currentSections ?? currentSnapshot.diffableSections(), to: sections)
    try commit(snapshot, sections: sections, changeset: changeset)
    completion?()
  }

  /// Shows a snapshot, returning once the table shows it; see ``apply(_:animatingDifferences:completion:)``.
  @inlinable
  public final func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async throws {
    try apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// Shows a snapshot without diffing: the table reloads its data (its selection is cleared, as
  /// ``TableView/reloadData()`` clears it).
  ///
  /// `completion` runs once, after the table shows the snapshot. Throws the snapshot's
  /// ``DiffableDataSourceSnapshot/firstMisuse``, leaving the table and ``snapshot()`` as they were.
  @inlinable
  public final func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) throws {
    try checkApplicable(snapshot)
    currentSnapshot = snapshot.withoutMarks
    currentSections = nil
    lastChanges = nil
    tableView?.reloadData()
    completion?()
  }

  /// Shows a snapshot without diffing, returning once the table shows it; see
  /// ``applySnapshotUsingReloadData(_:completion:)``.
  @inlinable
  public final func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async throws {
    try applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  // MARK: TableViewDataSource

  /// The number of sections of the shown snapshot.
  public final func numberOfSections(in tableView: TableView) -> Int {
    currentSnapshot.numberOfSections
  }

  /// The number of items in a section of the shown snapshot.
  public final func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    currentSnapshot.numberOfItems(inSectionAt: section)
  }

  /// The cell the cell provider makes for the row's item; an empty plain cell when it makes none.
  public final func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
      return TableViewCell(reuseIdentifier: nil)
    }
    return cell
  }

  /// No header unless a subclass gives one.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }

  /// No footer unless a subclass gives one.
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

  /// No row can be edited unless a subclass says so, as in UIKit.
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
}
