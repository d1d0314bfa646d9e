import CollectionKit
import Foundation

/// The cell the collection's diffable data source binds its items to.
final class DiffableCollectionCell: CollectionViewCell {
  var item: Int?
  var version: Int?

  override func prepareForReuse() {
    super.prepareForReuse()
    item = nil
    version = nil
  }
}

/// A collection view and its diffable data source, the draft snapshot the steps edit, and the checks of
/// ``CollectionKitFuzzer``'s diffable half: the table's diffable target's snapshot edits and applies, on a grid.
@MainActor
final class CollectionDiffableHarness: FuzzHarness {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  let collectionView: CollectionView
  let dataSource: CollectionViewDiffableDataSource<Int, Int>
  /// The snapshot shown, the draft the steps edit, and what each item shows.
  var snapshots = FuzzSnapshots()
  /// Items whose content changed since they were last marked: their visible cells may show an older version.
  var stale: Set<Int> = []

  init(_ input: inout FuzzBytes) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: input.pick([50, 100, 1]))
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: input.pick([480, 150, 50, 0, 2000])), collectionViewLayout: layout)
    let registration = CollectionView.CellRegistration<DiffableCollectionCell, Int> {
      [contents = snapshots.contents] cell, _, item in
      cell.item = item
      cell.version = contents.versions[item]
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    var first = Snapshot()
    for _ in 0..<input.int(below: 4) {
      let section = snapshots.newID()
      first.appendSections([section])
      first.appendItems((0..<input.int(below: 20)).map { _ in snapshots.newItem() }, toSection: section)
    }
    do {
      try dataSource.applySnapshotUsingReloadData(first)
    } catch {
      invariant(false, "a first snapshot of new identifiers was refused: \(error)")
    }
    snapshots.shown = first
    snapshots.draft = first
  }

  // MARK: Steps

  /// Runs one step; returns what it did, for the messages of broken invariants.
  func step(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 15) {
    case 0...5:
      return snapshots.edit(&input)
    case 6:
      let item = snapshots.randomItem(&input)
      snapshots.contents.versions[item, default: 0] += 1
      stale.insert(item)
      return "item \(item) shows something new"
    case 7, 8:
      return applyDraft(animatingDifferences: input.bool())
    case 9:
      return applyDraftUsingReloadData()
    case 10:
      snapshots.draft = dataSource.snapshot()
      return "a new draft from snapshot()"
    case 11:
      let indexPath = randomIndexPath(&input)
      if input.bool() {
        collectionView.handleTap(at: indexPath)
      } else {
        collectionView.selectItem(at: indexPath, animated: false, scrollPosition: input.pick([[], .top, .bottom]))
      }
      return "a tap or selection at \(indexPath)"
    case 12:
      let indexPath = randomIndexPath(&input)
      collectionView.scrollToItem(at: indexPath, at: input.pick([[], .top, .centeredVertically]), animated: false)
      return "scrollToItem(at: \(indexPath))"
    case 13:
      collectionView.allowsMultipleSelection.toggle()
      return "allowsMultipleSelection = \(collectionView.allowsMultipleSelection)"
    default:
      let height: CGFloat = input.pick([480, 150, 50, 0, 2000])
      collectionView.frame = CGRect(x: 0, y: 0, width: input.pick([320, 210, 99]), height: height)
      return "frame = \(collectionView.frame)"
    }
  }

  /// Applies the draft as a diff: a draft without misuse always applies, keeps the selection on the items that
  /// stayed in kept sections (but reloaded ones), and shows marked items as they are now; a draft with a misuse
  /// throws it and changes nothing.
  private func applyDraft(animatingDifferences: Bool) -> String {
    let before = ViewState(collectionView)
    let selectedBefore = selectedItems()
    let snapshot = snapshots.draft
    do {
      try dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
    } catch {
      invariant(snapshot.firstMisuse != nil, "a snapshot without misuse was refused: \(error)")
      invariant(
        error == snapshot.firstMisuse,
        "apply threw \(error), not the snapshot's misuse \(String(describing: snapshot.firstMisuse))")
      invariant(ViewState(collectionView) == before, "a refused snapshot changed the collection view")
      snapshots.draft = dataSource.snapshot()
      return "applying a snapshot with a misuse: \(error)"
    }
    invariant(
      snapshot.firstMisuse == nil, "a snapshot with a misuse applied: \(String(describing: snapshot.firstMisuse))")
    let expected = snapshots.selectionKept(selectedBefore, applying: snapshot)
    let selectedAfter = selectedItems()
    invariant(
      selectedAfter == expected,
      "after applying \(snapshot) the selected items are \(selectedAfter.sorted()), not \(expected.sorted())")
    stale.subtract(FuzzSnapshots.reloadedItems(of: snapshot))
    stale.subtract(snapshot.reconfiguredItemIdentifiers)
    stale.formIntersection(snapshot.itemIdentifiers)
    snapshots.shown = snapshot
    snapshots.draft = dataSource.snapshot()
    return "applying a snapshot"
  }

  /// Applies the draft by reloading the collection's data: every cell is made anew and the selection is cleared.
  private func applyDraftUsingReloadData() -> String {
    let snapshot = snapshots.draft
    do {
      try dataSource.applySnapshotUsingReloadData(snapshot)
    } catch {
      invariant(snapshot.firstMisuse != nil, "a snapshot without misuse was refused by a reload: \(error)")
      snapshots.draft = dataSource.snapshot()
      return "reloading with a misuse: \(error)"
    }
    invariant(snapshot.firstMisuse == nil, "a snapshot with a misuse was reloaded")
    invariant(collectionView.indexPathsForSelectedItems ?? [] == [], "reloading the data kept a selection")
    stale = []
    snapshots.shown = snapshot
    snapshots.draft = dataSource.snapshot()
    return "applySnapshotUsingReloadData"
  }

  /// Writes a line and the collection's state to standard error (when `FUZZ_TRACE` is set).
  func trace(_ line: String) {
    let shown = snapshots.shown
    let items = shown.sectionIdentifiers.map { "\($0):\(shown.itemIdentifiers(inSection: $0))" }.joined(separator: " ")
    FileHandle.standardError.write(Data("\(line)\n  shown \(items); selected \(selectedItems().sorted())\n".utf8))
  }

  // MARK: Checks

  /// Checks what must hold after every step.
  func check(after step: @autoclosure () -> String) {
    let shown = snapshots.shown
    let current = dataSource.snapshot()
    invariant(current.sectionIdentifiers == shown.sectionIdentifiers, "after \(step()) snapshot() has other sections")
    invariant(current.firstMisuse == nil, "after \(step()) snapshot() holds a misuse")
    invariant(collectionView.numberOfSections == shown.numberOfSections, "after \(step()) the sections differ")
    for (index, section) in shown.sectionIdentifiers.enumerated() {
      let items = shown.itemIdentifiers(inSection: section)
      invariant(current.itemIdentifiers(inSection: section) == items, "after \(step()) snapshot() has other items")
      invariant(
        collectionView.numberOfItems(inSection: index) == items.count,
        "after \(step()) section \(index) has \(collectionView.numberOfItems(inSection: index)) items, the snapshot \(items.count)"
      )
      invariant(dataSource.sectionIdentifier(for: index) == section, "sectionIdentifier(for: \(index)) is wrong")
      invariant(dataSource.index(for: section) == index, "index(for: \(section)) is wrong")
      for (position, item) in items.enumerated() {
        let indexPath = IndexPath(item: position, section: index)
        invariant(dataSource.itemIdentifier(for: indexPath) == item, "itemIdentifier(for: \(indexPath)) is wrong")
        invariant(dataSource.indexPath(for: item) == indexPath, "indexPath(for: \(item)) is wrong")
      }
    }
    CollectionInvariants.check(collectionView, everyPlacedItemShown: true, after: step) { indexPath, cell in
      let item = dataSource.itemIdentifier(for: indexPath)
      guard let item, let cell = cell as? DiffableCollectionCell else {
        invariant(false, "after \(step()) item \(indexPath) shows a cell the provider did not make")
        return
      }
      invariant(
        cell.item == item,
        "after \(step()) the cell of \(indexPath) shows item \(String(describing: cell.item)), not \(item)")
      if !stale.contains(item) {
        invariant(
          cell.version == snapshots.contents.versions[item],
          "after \(step()) the cell of item \(item) shows version \(String(describing: cell.version))")
      }
    }
  }

  // MARK: Choices

  /// An item of the shown snapshot, or next to one.
  private func randomIndexPath(_ input: inout FuzzBytes) -> IndexPath {
    let shown = snapshots.shown
    let section = input.int(in: -1...shown.numberOfSections)
    let items =
      shown.sectionIdentifiers.indices.contains(section)
      ? shown.numberOfItems(inSection: shown.sectionIdentifiers[section]) : 2
    return IndexPath(item: input.int(in: -1...items), section: section)
  }

  private func selectedItems() -> Set<Int> {
    Set((collectionView.indexPathsForSelectedItems ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
  }
}
