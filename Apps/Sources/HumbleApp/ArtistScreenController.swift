import Domain
import Foundation
import Presentation
import Services
import TableKit

/// A table cell of the REPL: it binds a row's cell model and nothing else.
public final class RowCell: TableViewCell {
  /// The bound row.
  public var model: ArtistCellModelType?

  /// Clears the binding before reuse.
  public override func prepareForReuse() {
    super.prepareForReuse()
    model = nil
  }
}

/// The artist screen: the table view's delegate, showing the page through a diffable data source.
///
/// It shows the data source's snapshots as a modern UIKit screen does: each becomes a
/// `DiffableDataSourceSnapshot` of the sections' kinds and the rows' keys, which the table's
/// ``TableViewDiffableDataSource`` diffs against the one shown and applies as one batch update. Rows whose key
/// stayed but whose cell model changed (a download's progress, a favourite) are marked to be reconfigured:
/// the data source says which (``ArtistPageChanges``); the screen compares no rows. It turns taps and edit
/// actions into service calls.
@MainActor
public final class ArtistScreenController: TableViewDelegate {
  /// The screen's table.
  public let table: TableView
  /// The page's data source.
  public let dataSource: ArtistTableDataSource
  /// What the table shows now.
  public var snapshot: ArtistPageSnapshot { shown.page }
  /// The table's data source: the shown page's sections by kind, and its rows by key.
  public let tableDataSource: ArtistPageTableDataSource
  /// The track playing, marked on its row: the data source's.
  public var nowPlaying: Track.ID? { dataSource.nowPlaying }
  /// Receives one line per delegate call, notification and batch update, when set.
  public var onEvent: ((String) -> Void)?
  /// Called when selecting a row leads to another page (a playlist or a related artist).
  public var onOpen: ((RowDestination) -> Void)?
  /// Called after a snapshot that arrived on its own (a download's progress, a favourite stored elsewhere)
  /// changed the table, with the identifiers of the rows it inserted or updated.
  public var onLiveChange: (([ArtistCellModelType.ID]) -> Void)?

  private let shown: ShownPage
  private var updates: Task<Void, Never>?
  /// The edit actions performed and not yet waited for: an edit action's handler returns at once, and the
  /// data source carries the action out.
  private var startedActions: [Task<Void, Never>] = []

  /// Creates the screen over a data source, with a viewport of `rows` rows.
  public init(dataSource: ArtistTableDataSource, rows: Int) {
    self.dataSource = dataSource
    table = TableView(rowsInViewport: rows)
    table.register(RowCell.self, forCellReuseIdentifier: "row")
    let shown = ShownPage()
    self.shown = shown
    // The cell provider binds the row's cell model: the diffable snapshot's rows are the shown page's, in order.
    tableDataSource = ArtistPageTableDataSource(tableView: table) { tableView, indexPath, _ in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      (cell as? RowCell)?.model = shown.row(at: indexPath)
      return cell
    }
    table.delegate = self
    table.reloadData()
    let stream = dataSource.updates()
    updates = Task { [weak self] in
      // The screen shows each published snapshot, unless a command has already shown a later revision (a sort
      // shows its result at once, and the snapshots published before it may still be buffered here).
      for await next in stream {
        guard let self else { return }
        let before = self.snapshot
        guard next.revision > before.revision else { continue }
        if let update = self.show(next) {
          // Rows a page of tracks brought are not changes to report as they happen: the page shows its progress.
          guard next.trackLoading == before.trackLoading else { continue }
          let updated = update.changes.rowReloads.map { before.sections[$0.section].rows[$0.row].id }
          let reconfigured = update.reconfiguredRows.map { next.sections[$0.section].rows[$0.row].id }
          let inserted = update.changes.rowInserts.map { next.sections[$0.section].rows[$0.row].id }
          self.onLiveChange?(updated + reconfigured + inserted)
        }
      }
    }
  }

  isolated deinit {
    updates?.cancel()
  }

  /// Reloads the page and shows it.
  public func reload() async {
    await dataSource.reload()
    show(dataSource.snapshot)
  }

  /// Waits until the edit actions performed so far have finished (a download requested, a favourite stored),
  /// then shows the page as they left it.
  public func finishPerformedActions() async {
    let started = startedActions
    startedActions = []
    for task in started { await task.value }
    show(dataSource.snapshot)
  }

  /// What showing a snapshot changed in the table.
  public struct Update: Equatable {
    /// The batch update the table's data source applied: rows and sections inserted, deleted and moved.
    public var changes: Changeset
    /// The rows (where they are now) whose key stayed and whose cell model changed, reconfigured in place.
    public var reconfiguredRows: [IndexPath]
  }

  /// Shows a snapshot: the table's data source applies the diff from what is shown as one batch update, and
  /// the rows whose cell model the data source says changed under the same key are reconfigured in place.
  ///
  /// What changed comes from the data source (``ArtistTableDataSource/changes(since:upTo:)``, from the
  /// revision shown to `next`'s). When it no longer knows (the screen is too many revisions behind) or `next`
  /// is older than the page shown, the table reloads its data with the data source's current snapshot instead
  /// of applying a diff: the snapshots still buffered before it are then skipped, rather than each reloading.
  ///
  /// Returns what changed, or nil when nothing did or the table reloaded its data.
  @discardableResult
  public func show(_ next: ArtistPageSnapshot) -> Update? {
    guard let pageChanges = dataSource.changes(since: snapshot.revision, upTo: next.revision) else {
      let latest = dataSource.snapshot
      if present(latest, as: Self.tableSnapshot(of: latest), reloadingData: true) {
        onEvent?("reload: \(rowCount) rows")
      }
      return nil
    }
    var rows: DiffableDataSourceSnapshot<ArtistTableSection.Kind, RowKey>
    if pageChanges.keepsRowsInPlace {
      // The same rows in the same places: nothing to diff, and the shown snapshot (with its index) serves.
      guard !pageChanges.changedRows.isEmpty else {
        shown.page = next
        return nil
      }
      rows = tableDataSource.snapshot()
    } else {
      rows = Self.tableSnapshot(of: next)
    }
    let changedKeys = pageChanges.changedRows.sorted()
    rows.reconfigureItems(changedKeys)
    guard present(next, as: rows, reloadingData: false) else { return nil }
    let update = Update(
      changes: tableDataSource.appliedChanges ?? Changeset(),
      reconfiguredRows: changedKeys.compactMap { tableDataSource.indexPath(for: $0) }.sorted())
    guard !update.changes.isEmpty || !update.reconfiguredRows.isEmpty else { return nil }
    onEvent?(Self.describe(update))
    return update
  }

  /// Shows a snapshot of the same rows in another order: the table reloads its data (as a table view
  /// controller re-sorting its rows does) and the selection stays on the same rows.
  ///
  /// A diff would move every row, which on a large page costs more than the sort itself.
  public func showReordered(_ next: ArtistPageSnapshot) {
    if let changes = dataSource.changes(since: snapshot.revision, upTo: next.revision), changes.isEmpty {
      shown.page = next
      return
    }
    let selected = (table.indexPathsForSelectedRows ?? []).compactMap { tableDataSource.itemIdentifier(for: $0) }
    guard present(next, as: Self.tableSnapshot(of: next), reloadingData: true) else { return }
    for key in selected {
      if let indexPath = tableDataSource.indexPath(for: key) {
        table.selectRow(at: indexPath, animated: false, scrollPosition: .none)
      }
    }
    onEvent?("reload: \(rowCount) rows reordered")
  }

  /// Makes `next` the shown page and hands its rows to the table's data source; returns whether the table
  /// shows `next`.
  ///
  /// The rows go as a diff, or by reloading the table's data when `reloadingData` is set or the diff is
  /// refused; the page and the table stay as they were only if that fails too.
  private func present(
    _ next: ArtistPageSnapshot, as rows: DiffableDataSourceSnapshot<ArtistTableSection.Kind, RowKey>,
    reloadingData: Bool
  ) -> Bool {
    let previous = shown.page
    shown.page = next
    do {
      if reloadingData {
        try tableDataSource.applySnapshotUsingReloadData(rows)
      } else {
        do {
          try tableDataSource.apply(rows, animatingDifferences: false)
        } catch {
          try tableDataSource.applySnapshotUsingReloadData(rows)
          onEvent?("batch update failed and the table reloaded: \(error)")
        }
      }
      return true
    } catch {
      shown.page = previous
      onEvent?("the page could not be shown: \(error)")
      return false
    }
  }

  /// The table's snapshot of a page: its sections' kinds, each with its rows' keys.
  private static func tableSnapshot(
    of page: ArtistPageSnapshot
  ) -> DiffableDataSourceSnapshot<ArtistTableSection.Kind, RowKey> {
    var rows = DiffableDataSourceSnapshot<ArtistTableSection.Kind, RowKey>()
    rows.appendSections(page.sections.map(\.id))
    for section in page.sections { rows.appendItems(section.rowKeys, toSection: section.id) }
    return rows
  }

  /// The index path of a row as the screen numbers it.
  public func indexPath(for address: RowAddress) -> IndexPath? {
    switch address {
    case .row(let number):
      var remaining = number - 1
      for (section, contents) in snapshot.sections.enumerated() {
        if remaining < contents.rows.count { return IndexPath(row: remaining, section: section) }
        remaining -= contents.rows.count
      }
      return nil
    case .sectionRow(let section, let row):
      guard snapshot.sections.indices.contains(section - 1),
        snapshot.sections[section - 1].rows.indices.contains(row - 1)
      else { return nil }
      return IndexPath(row: row - 1, section: section - 1)
    }
  }

  /// Where the row with this identifier is now, if it is on the page.
  public func indexPath(ofRowWithID id: ArtistCellModelType.ID) -> IndexPath? {
    for (section, contents) in snapshot.sections.enumerated() {
      if let row = contents.rows.firstIndex(where: { $0.id == id }) { return IndexPath(row: row, section: section) }
    }
    return nil
  }

  /// How many rows the page has, across its sections.
  public var rowCount: Int { snapshot.sections.reduce(0) { $0 + $1.rows.count } }

  /// The number the screen shows for a row (counted from 1 across the page).
  public func number(of indexPath: IndexPath) -> Int {
    snapshot.sections.prefix(indexPath.section).reduce(0) { $0 + $1.rows.count } + indexPath.row + 1
  }

  // MARK: TableViewDelegate

  /// Logs the event and lets the tap select the row.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    onEvent?("willSelect \(label(indexPath))")
    return indexPath
  }

  /// Logs the event and lets the row be deselected.
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    onEvent?("willDeselect \(label(indexPath))")
    return indexPath
  }

  /// Logs the event.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    onEvent?("didDeselect \(label(indexPath))")
  }

  /// Carries out where the row leads: the data source plays a track (and the screen shows its row playing);
  /// another page is left to ``onOpen``.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    onEvent?("didSelect \(label(indexPath))")
    let destination = snapshot.sections[indexPath.section].rows[indexPath.row].destination
    switch destination {
    case .playTrack(let id):
      dataSource.play(id)
      show(dataSource.snapshot)
    case .openArtist, .openPlaylist:
      onOpen?(destination)
    }
  }

  /// A track row's actions, as its cell model lists them: each edit action asks the data source to perform it.
  public func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? {
    guard case .track(let model) = snapshot.sections[indexPath.section].rows[indexPath.row] else { return nil }
    return SwipeActionsConfiguration(actions: model.actions.map { contextualAction($0, onTrackWithID: model.id) })
  }

  /// Errors of the last edit actions, for the session to report.
  public private(set) var actionErrors: [TrackActionError] = []

  /// Takes the errors reported by edit actions since the last call.
  public func takeActionErrors() -> [TrackActionError] {
    defer { actionErrors = [] }
    return actionErrors
  }

  private func contextualAction(_ action: TrackAction, onTrackWithID id: Track.ID) -> ContextualAction {
    ContextualAction(style: .normal, title: action.title) { [weak self] _, _, done in
      guard let self else { return done(false) }
      let dataSource = self.dataSource
      self.startedActions.append(
        Task { [weak self] in
          do throws(TrackActionError) {
            try await dataSource.perform(action, onTrackWithID: id)
          } catch {
            self?.actionErrors.append(error)
          }
        })
      done(true)
    }
  }

  private func label(_ indexPath: IndexPath) -> String {
    "\(indexPath.section + 1).\(indexPath.row + 1)"
  }

  private static func describe(_ update: Update) -> String {
    let changes = update.changes
    var parts: [String] = []
    let updated = changes.rowReloads.count + update.reconfiguredRows.count
    if updated > 0 { parts.append("\(updated) updated") }
    if !changes.rowInserts.isEmpty { parts.append("\(changes.rowInserts.count) inserted") }
    if !changes.rowDeletes.isEmpty { parts.append("\(changes.rowDeletes.count) deleted") }
    if !changes.rowMoves.isEmpty { parts.append("\(changes.rowMoves.count) moved") }
    let sections = changes.sectionInserts.count + changes.sectionDeletes.count + changes.sectionMoves.count
    if sections > 0 { parts.append("\(sections) section changes") }
    return "batch update: " + parts.joined(separator: ", ")
  }
}
