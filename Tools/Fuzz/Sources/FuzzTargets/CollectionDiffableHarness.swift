import CollectionKit
import CollectionKitTesting
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
/// ``CollectionKitFuzzer``'s diffable half: the table's diffable target's snapshot edits and applies, on a grid,
/// and outlines (section snapshots) applied to sections, expanded and collapsed by disclosure taps.
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
    switch input.int(below: 18) {
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
    case 15, 16:
      return applyOutline(&input)
    case 17:
      return tapDisclosure(&input)
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

  /// Applies an outline to a section: a new one, or the section's own with items expanded, collapsed, added
  /// under parents or deleted, some of them misuses.
  ///
  /// It applies exactly when it has no misuse, names a section
  /// shown, and shows no item another section holds; then the section shows its visible items and
  /// `snapshot(for:)` answers it. Otherwise it throws and nothing changes.
  private func applyOutline(_ input: inout FuzzBytes) -> String {
    let shown = snapshots.shown
    let section = snapshots.randomSection(&input)
    var outline =
      input.bool() && shown.indexOfSection(section) != nil
      ? dataSource.snapshot(for: section) : DiffableDataSourceSectionSnapshot<Int>()
    for _ in 0..<input.int(in: 1...6) {
      let known = outline.items
      // An item of the outline most of the time, now and then one it does not hold (a misuse).
      let anyKnown = { (input: inout FuzzBytes) in known.isEmpty || input.int(below: 16) == 0 ? -1 : input.pick(known) }
      switch input.int(below: 6) {
      case 0, 1:
        let items = (0..<input.int(in: 1...3)).map { _ in
          input.int(below: 8) == 0 ? self.snapshots.randomItem(&input) : self.snapshots.newItem()
        }
        outline.append(items, to: known.isEmpty || input.bool() ? nil : anyKnown(&input))
      case 2: outline.expand([anyKnown(&input)])
      case 3: outline.collapse([anyKnown(&input)])
      case 4: outline.insert([snapshots.newItem()], after: anyKnown(&input))
      default: outline.delete([anyKnown(&input)])
      }
    }
    let before = ViewState(collectionView)
    let otherItems = Set(shown.itemIdentifiers).subtracting(
      shown.indexOfSection(section) != nil ? shown.itemIdentifiers(inSection: section) : [])
    let refusable =
      outline.firstMisuse != nil || shown.indexOfSection(section) == nil
      || !otherItems.isDisjoint(with: outline.visibleItems)
    do {
      try dataSource.apply(outline, to: section, animatingDifferences: input.bool())
    } catch {
      invariant(refusable, "the outline \(outline.visualDescription()) for section \(section) was refused: \(error)")
      if let misuse = outline.firstMisuse {
        invariant(error == misuse, "applying an outline threw \(error), not its misuse \(misuse)")
      }
      invariant(ViewState(collectionView) == before, "a refused outline changed the collection view")
      return "an outline refused: \(error)"
    }
    invariant(!refusable, "an outline with a misuse, for a missing section or clashing was applied")
    let now = dataSource.snapshot()
    invariant(
      now.itemIdentifiers(inSection: section) == outline.visibleItems,
      "section \(section) shows \(now.itemIdentifiers(inSection: section)), not the outline's \(outline.visibleItems)")
    invariant(dataSource.snapshot(for: section) == outline, "snapshot(for: \(section)) is not the outline applied")
    stale.formIntersection(now.itemIdentifiers)
    snapshots.shown = now
    snapshots.draft = now
    return "an outline applied to section \(section): \(outline.visibleItems.count) visible of \(outline.items.count)"
  }

  /// Taps an item's outline disclosure: an item with children is expanded or collapsed (no handler refuses),
  /// and its section shows the outline's visible items; anything else throws and changes nothing.
  private func tapDisclosure(_ input: inout FuzzBytes) -> String {
    let indexPath = input.bool() ? randomIndexPath(&input) : randomParent(&input) ?? randomIndexPath(&input)
    let before = ViewState(collectionView)
    let item = dataSource.itemIdentifier(for: indexPath)
    let section = dataSource.sectionIdentifier(for: indexPath.section)
    let wasExpanded = section.flatMap { section in item.map { dataSource.snapshot(for: section).isExpanded($0) } }
    do {
      try collectionView.tapDisclosure(at: indexPath)
    } catch {
      invariant(ViewState(collectionView) == before, "a refused disclosure tap at \(indexPath) changed the view")
      return "a disclosure tap at \(indexPath) refused: \(error)"
    }
    guard let item, let section, let wasExpanded else {
      invariant(false, "a disclosure tap at \(indexPath), which holds no item, was accepted")
      return "a disclosure tap on nothing"
    }
    let outline = dataSource.snapshot(for: section)
    invariant(outline.isExpanded(item) != wasExpanded, "a disclosure tap on \(item) did not toggle it")
    let now = dataSource.snapshot()
    invariant(
      now.itemIdentifiers(inSection: section) == outline.visibleItems,
      "after a disclosure tap section \(section) does not show its outline's visible items")
    stale.formIntersection(now.itemIdentifiers)
    snapshots.shown = now
    snapshots.draft = now
    return "a disclosure tap on \(item): \(wasExpanded ? "collapsed" : "expanded")"
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

  /// A shown item with children in its section's outline, if there is one.
  private func randomParent(_ input: inout FuzzBytes) -> IndexPath? {
    let parents = snapshots.shown.sectionIdentifiers.flatMap { section in
      let outline = dataSource.snapshot(for: section)
      return outline.visibleItems.filter { !outline.snapshot(of: $0).items.isEmpty }
    }
    return parents.isEmpty ? nil : dataSource.indexPath(for: input.pick(parents))
  }

  private func selectedItems() -> Set<Int> {
    Set((collectionView.indexPathsForSelectedItems ?? []).compactMap { dataSource.itemIdentifier(for: $0) })
  }
}
