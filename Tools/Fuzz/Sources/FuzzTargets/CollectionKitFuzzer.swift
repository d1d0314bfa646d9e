import CollectionKit
import Foundation

/// CollectionKit's collection view, driven by arbitrary bytes.
///
/// The first byte picks what drives the collection view: a data source made from the input (batch updates that
/// are right, nearly right or random, single changes, reloads, selection, scrolling and flow layout changes; see
/// ``CollectionKitHarness``), or a diffable data source (snapshot edits and applies; see
/// ``CollectionDiffableHarness``). After every step the harness checks its invariants.
@MainActor
public enum CollectionKitFuzzer {
  /// At most this many steps of an input run.
  public static let maximumSteps = 256

  /// Runs one input.
  public static func run(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    if first & 1 == 0 {
      _ = CollectionKitHarness.runSteps(rest, maximumSteps: maximumSteps)
    } else {
      _ = CollectionDiffableHarness.runSteps(rest, maximumSteps: maximumSteps)
    }
  }
}

/// The cell the fuzzed collection binds its items to; under a flow layout with an estimated size, it sizes itself
/// from its item's value (a width of 30 to 90, a height of 20 to 60).
final class FuzzCollectionCell: CollectionViewCell {
  var item: FuzzItem?

  override func prepareForReuse() {
    super.prepareForReuse()
    item = nil
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
    -> CollectionViewLayoutAttributes
  {
    guard let item else { return layoutAttributes }
    let preferred = layoutAttributes
    preferred.frame.size = CGSize(width: 30 + CGFloat(item.value % 4) * 20, height: 20 + CGFloat(item.value % 5) * 10)
    return preferred
  }
}

/// The collection view, its data source and delegate, and the steps and checks of ``CollectionKitFuzzer``'s
/// data source half.
@MainActor
final class CollectionKitHarness: FuzzHarness, CollectionViewDataSource, CollectionViewDelegateFlowLayout,
  CollectionViewDataSourcePrefetching
{
  let collectionView: CollectionView
  let layout = CollectionViewFlowLayout()
  /// The data source's sections and the makings of changes to them.
  var model = FuzzSections()
  var sections: [FuzzSection] {
    get { model.sections }
    set { model.sections = newValue }
  }
  /// Whether every visible cell must show its item's current value: true after reloads and right updates,
  /// false after a wrong update the collection view accepted (it keeps cells, as UIKit does, when told wrongly).
  var cellsAreExact = true
  /// Whether the data source dequeues a cell of an identifier never registered (a misuse the view records, showing
  /// no cell), and whether it ever did (items may then be in the bounds without a cell).
  var dequeuesUnregistered = false {
    didSet { everDequeuedUnregistered = everDequeuedUnregistered || dequeuesUnregistered }
  }
  var everDequeuedUnregistered = false
  /// What the last layout change did, for traces.
  var layoutDescription = ""
  // The delegate's answers.
  private var highlightPolicy: UInt8 = 0
  private var selectPolicy: UInt8 = 0
  private var deselectPolicy: UInt8 = 0

  init(_ input: inout FuzzBytes) {
    collectionView = CollectionView(
      frame: CGRect(
        x: 0, y: 0, width: FuzzLength.pick(&input, usual: [320, 100, 1000]),
        height: FuzzLength.pick(&input, usual: [480, 50, 2000])),
      collectionViewLayout: layout)
    collectionView.register(FuzzCollectionCell.self, forCellWithReuseIdentifier: "cell")
    for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
      collectionView.register(CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
    }
    for _ in 0..<input.int(below: 5) {
      let section = model.makeSection(rows: input.int(below: 40), &input)
      sections.append(section)
    }
    layoutDescription = changeLayout(&input)
    setPolicies(&input)
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.prefetchDataSource = self
  }

  // MARK: Steps

  /// Runs one step; returns what it did, for the messages of broken invariants.
  func step(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 17) {
    case 0:
      let old = sections
      model.mutate(&input)
      let changes = Changeset.difference(from: FuzzSections.diffable(old), to: FuzzSections.diffable(sections))
      let selectedIDs = Set((collectionView.indexPathsForSelectedItems ?? []).map { old[$0.section].items[$0.item].id })
      do {
        try collectionView.apply(changes)
      } catch {
        invariant(false, "a changeset from a diff was refused: \(error) (\(old) to \(sections))")
      }
      for indexPath in collectionView.indexPathsForSelectedItems ?? [] {
        invariant(
          selectedIDs.contains(sections[indexPath.section].items[indexPath.item].id),
          "after a diff the selection moved to item \(indexPath), which was not selected")
      }
      return "applying a diff \(changes)"
    case 1:
      let old = sections
      model.mutate(&input)
      return performWrong(model.randomChanges(&input), old: old, "a random batch update")
    case 2:
      let old = sections
      model.mutate(&input)
      var changes = Changeset.difference(from: FuzzSections.diffable(old), to: FuzzSections.diffable(sections))
      model.perturb(&changes, &input)
      return performWrong(changes, old: old, "a diff with one change off")
    case 3:
      model.mutate(&input)
      collectionView.reloadData()
      cellsAreExact = true
      return "reloadData"
    case 4:
      let indexPath = input.bool() ? nil : model.randomIndexPath(&input)
      collectionView.selectItem(at: indexPath, animated: false, scrollPosition: randomScrollPosition(&input))
      return "selectItem(at: \(indexPath.map(String.init(describing:)) ?? "nil"))"
    case 5:
      let indexPath = model.randomIndexPath(&input)
      collectionView.deselectItem(at: indexPath, animated: input.bool())
      return "deselectItem(at: \(indexPath))"
    case 6:
      let indexPath = model.randomIndexPath(&input)
      collectionView.handleTap(at: indexPath)
      return "handleTap(at: \(indexPath))"
    case 7:
      let indexPath = model.randomIndexPath(&input)
      collectionView.handleDeselectTap(at: indexPath)
      return "handleDeselectTap(at: \(indexPath))"
    case 8:
      let indexPath = model.randomIndexPath(&input)
      collectionView.scrollToItem(at: indexPath, at: randomScrollPosition(&input), animated: input.bool())
      return "scrollToItem(at: \(indexPath))"
    case 9:
      let offset = CGPoint(
        x: FuzzLength.pick(&input, usual: [0, 10, 50, -5]), y: FuzzLength.pick(&input, usual: [0, 10, 480, 1e5, -5]))
      collectionView.contentOffset = offset
      return "contentOffset = \(offset)"
    case 10:
      return probe(&input)
    case 11:
      let size = CGSize(
        width: FuzzLength.pick(&input, usual: [320, 0, 100, 1000]),
        height: FuzzLength.pick(&input, usual: [480, 0, 50, 2000]))
      collectionView.frame = CGRect(origin: .zero, size: size)
      return "frame.size = \(size)"
    case 12:
      layoutDescription = changeLayout(&input)
      return layoutDescription
    case 13:
      switch input.int(below: 3) {
      case 0: collectionView.allowsSelection.toggle()
      case 1: collectionView.allowsMultipleSelection.toggle()
      default: dequeuesUnregistered.toggle()
      }
      return "selection modes"
    case 14:
      setPolicies(&input)
      return "delegate policies"
    case 15:
      return singleChange(&input)
    default:
      // A batch whose closure changes nothing but the data source: the counts no longer add up.
      let old = sections
      model.mutate(&input)
      return performWrong(Changeset(), old: old, "an empty batch after a change")
    }
  }

  /// Performs a changeset that may be wrong.
  ///
  /// Accepted, the counts add up (the checks see to it); refused, the
  /// collection view must be exactly as it was, and the data source goes back to what it showed.
  private func performWrong(_ changes: Changeset, old: [FuzzSection], _ what: String) -> String {
    let before = ViewState(collectionView)
    do {
      try collectionView.apply(changes)
      cellsAreExact = cellsAreExact && changes.isEmpty && FuzzSections.diffable(old) == FuzzSections.diffable(sections)
      return "\(what) \(changes), accepted"
    } catch {
      invariant(ViewState(collectionView) == before, "the refused batch \(changes) changed the collection view")
      sections = old
      return "\(what) \(changes), refused: \(error)"
    }
  }

  /// One change outside a batch update: right (the data source changed to match) or random.
  private func singleChange(_ input: inout FuzzBytes) -> String {
    guard input.bool() else {
      let old = sections
      let indexPath = model.randomIndexPath(&input)
      let before = ViewState(collectionView)
      switch input.int(below: 4) {
      case 0: collectionView.insertItems(at: [indexPath])
      case 1: collectionView.deleteItems(at: [indexPath])
      case 2: collectionView.reloadItems(at: [indexPath])
      default: collectionView.moveItem(at: indexPath, to: model.randomIndexPath(&input))
      }
      if ViewState(collectionView).counts != before.counts {
        invariant(false, "a random single change at \(indexPath) changed the counts without the data source")
      }
      sections = old
      cellsAreExact = false
      return "a random single change at \(indexPath)"
    }
    let section = input.int(below: sections.count)
    switch input.int(below: 4) {
    case 0 where !sections.isEmpty:
      let item = input.int(below: sections[section].items.count + 1)
      let new = model.newItem()
      sections[section].items.insert(new, at: item)
      collectionView.insertItems(at: [IndexPath(item: item, section: section)])
      return "inserting item \(item) of section \(section)"
    case 1 where !sections.isEmpty && !sections[section].items.isEmpty:
      let item = input.int(below: sections[section].items.count)
      sections[section].items.remove(at: item)
      collectionView.deleteItems(at: [IndexPath(item: item, section: section)])
      return "deleting item \(item) of section \(section)"
    case 2 where !sections.isEmpty && !sections[section].items.isEmpty:
      let item = input.int(below: sections[section].items.count)
      sections[section].items[item].value += 1
      collectionView.reloadItems(at: [IndexPath(item: item, section: section)])
      return "reloading item \(item) of section \(section)"
    default:
      let index = input.int(below: sections.count + 1)
      let new = model.makeSection(rows: input.int(below: 3), &input)
      sections.insert(new, at: index)
      collectionView.insertSections(IndexSet(integer: index))
      return "inserting section \(index)"
    }
  }

  /// Asks the collection view about one item and one point, and checks the answers agree.
  private func probe(_ input: inout FuzzBytes) -> String {
    let indexPath = model.randomIndexPath(&input)
    if let cell = collectionView.cellForItem(at: indexPath) {
      invariant(
        collectionView.indexPathsForVisibleItems.contains(indexPath), "a cell for the invisible item \(indexPath)")
      invariant(collectionView.indexPath(for: cell) == indexPath, "the cell of item \(indexPath) says it is elsewhere")
    }
    // A point of the item's frame finds an item there: this one, or one overlapping it (items wider than their
    // group overlap). Where a point's coordinates are too coarse to tell it from the next, nothing is checked, nor
    // in a view of no width (the compositional layout's groups then have no width to find items in).
    let width = collectionView.bounds.width
    if let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame, frame.width >= 1, frame.height >= 1,
      max(abs(frame.maxX), abs(frame.maxY)) < 1e12, width.isFinite, width >= 1
    {
      let centre = CGPoint(x: frame.midX, y: frame.midY)
      let found = collectionView.indexPathForItem(at: centre)
      let foundFrame = found.flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame }
      invariant(
        found == indexPath || foundFrame?.contains(centre) == true,
        "indexPathForItem(at: \(centre)) is \(String(describing: found)), not \(indexPath) or an item overlapping it")
    }
    let dequeued = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    invariant(!collectionView.visibleCells.contains { $0 === dequeued }, "a dequeue handed out a cell on screen")
    return "asking about item \(indexPath)"
  }

  /// Changes the flow layout (item size, spacings, insets, headers, footers, direction), or installs another
  /// layout; returns what it did.
  @discardableResult
  private func changeLayout(_ input: inout FuzzBytes) -> String {
    let flow = "flow layout \(layout.itemSize), spacing \(layout.minimumLineSpacing)/\(layout.minimumInteritemSpacing)"
    switch input.int(below: 6) {
    case 0:
      layout.itemSize = CGSize(
        width: FuzzLength.pick(&input, usual: [50, 100, 320, 1]), height: FuzzLength.pick(&input, usual: [50, 44, 1]))
    case 1:
      layout.minimumLineSpacing = FuzzLength.pick(&input, usual: [10, 0, 3])
      layout.minimumInteritemSpacing = FuzzLength.pick(&input, usual: [10, 0, 7])
    case 2:
      let inset = FuzzLength.pick(&input, usual: [0, 8, 20])
      layout.sectionInset = EdgeInsets(top: inset, left: inset / 2, bottom: inset, right: inset * 2)
    case 3:
      layout.headerReferenceSize = CGSize(width: 0, height: FuzzLength.pick(&input, usual: [0, 30]))
      layout.footerReferenceSize = CGSize(width: 0, height: FuzzLength.pick(&input, usual: [0, 20]))
      layout.sectionHeadersPinToVisibleBounds = input.bool()
      layout.sectionFootersPinToVisibleBounds = input.bool()
      // Cells size themselves from an estimate now and then (FuzzCollectionCell's sizes).
      layout.estimatedItemSize =
        input.int(below: 3) == 0
        ? input.pick([CollectionViewFlowLayout.automaticSize, CGSize(width: 40, height: 40)]) : .zero
    case 4:
      layout.scrollDirection = layout.scrollDirection == .vertical ? .horizontal : .vertical
    default:
      // Another layout: back to the flow layout, or a compositional one.
      guard input.int(below: 4) != 0 else {
        collectionView.collectionViewLayout = layout
        return "back to the " + flow
      }
      let (compositional, description) = Self.compositionalLayout(&input)
      collectionView.collectionViewLayout = compositional
      return description
    }
    return flow
  }

  /// A compositional layout: a fractional grid, a list (plain, grouped or inset, with or without supplementary
  /// headers and footers), or sections that differ by index (orthogonal rows, pinned headers, nested groups).
  private static func compositionalLayout(_ input: inout FuzzBytes) -> (CollectionViewLayout, String) {
    let header = CollectionLayoutBoundarySupplementaryItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(FuzzLength.pick(&input, usual: [30, 0, 44]))),
      elementKind: CollectionView.elementKindSectionHeader, alignment: .top)
    header.pinToVisibleBounds = input.bool()
    switch input.int(below: 3) {
    case 0:
      let columns = input.int(in: 1...4)
      let item = CollectionLayoutItem(
        layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
      let row = CollectionLayoutGroup.horizontal(
        layoutSize: CollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(FuzzLength.pick(&input, usual: [60, 1, 200]))),
        repeatingSubitem: item, count: columns)
      let section = CollectionLayoutSection(group: row)
      section.interGroupSpacing = FuzzLength.pick(&input, usual: [0, 10])
      if input.bool() { section.boundarySupplementaryItems = [header] }
      return (
        CollectionViewCompositionalLayout(section: section),
        "a compositional grid of \(columns) columns, header \(section.boundarySupplementaryItems.count)"
      )
    case 1:
      var configuration = CollectionLayoutListConfiguration(
        appearance: input.pick([.plain, .grouped, .insetGrouped, .sidebar, .sidebarPlain]))
      configuration.headerMode = input.pick([.none, .supplementary, .firstItemInSection])
      configuration.footerMode = input.pick([.none, .supplementary])
      return (CollectionViewCompositionalLayout.list(using: configuration), "a list \(configuration)")
    default:
      let orthogonal = input.bool()
      let estimated = input.bool()
      let description =
        "sections by index, orthogonal \(orthogonal), estimated \(estimated), pinned \(header.pinToVisibleBounds)"
      let layout = CollectionViewCompositionalLayout { index, _ in
        let item = CollectionLayoutItem(
          layoutSize: CollectionLayoutSize(widthDimension: .absolute(80), heightDimension: .fractionalHeight(1)))
        let height: CollectionLayoutDimension = estimated ? .estimated(70) : .absolute(50)
        let inner = CollectionLayoutGroup.vertical(
          layoutSize: CollectionLayoutSize(widthDimension: .absolute(80), heightDimension: height), subitems: [item])
        let row = CollectionLayoutGroup.horizontal(
          layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
          subitems: [inner])
        let section = CollectionLayoutSection(group: row)
        if orthogonal, index % 2 == 0 { section.orthogonalScrollingBehavior = .continuous }
        section.boundarySupplementaryItems = index % 3 == 2 ? [] : [header]
        return index % 5 == 4 ? nil : section
      }
      return (layout, description)
    }
  }

  private func setPolicies(_ input: inout FuzzBytes) {
    highlightPolicy = input.byte()
    selectPolicy = highlightPolicy >> 3
    deselectPolicy = input.byte()
  }

  private func randomScrollPosition(_ input: inout FuzzBytes) -> CollectionView.ScrollPosition {
    CollectionView.ScrollPosition(rawValue: UInt(input.byte() & 0x3F))
  }

  // MARK: Data source and delegate

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    invariant(sections.indices.contains(section), "numberOfItemsInSection asked about section \(section)")
    return sections[section].items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    requireItem(indexPath, "cellForItemAt")
    let identifier = dequeuesUnregistered && indexPath.item % 3 == 0 ? "unregistered" : "cell"
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    (cell as? FuzzCollectionCell)?.item = sections[indexPath.section].items[indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    invariant(sections.indices.contains(indexPath.section), "a \(kind) asked for section \(indexPath.section)")
    return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    requireItem(indexPath, "shouldHighlightItemAt")
    return (highlightPolicy >> (indexPath.item % 3)) & 1 == 0
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    requireItem(indexPath, "shouldSelectItemAt")
    return (selectPolicy >> (indexPath.item % 4)) & 1 == 0
  }

  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    requireItem(indexPath, "shouldDeselectItemAt")
    invariant(
      collectionView.indexPathsForSelectedItems?.contains(indexPath) == true,
      "shouldDeselectItemAt \(indexPath), which is not selected")
    return (deselectPolicy >> (indexPath.item % 4)) & 1 == 0
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    invariant(
      collectionView.indexPathsForSelectedItems?.contains(indexPath) != true,
      "didDeselectItemAt \(indexPath), which is still selected")
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    invariant(
      collectionView.indexPathsForSelectedItems?.contains(indexPath) == true,
      "didSelectItemAt \(indexPath), which is not selected")
  }

  /// Items to prefetch: each exists and is not shown.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    let visible = Set(collectionView.indexPathsForVisibleItems)
    for indexPath in indexPaths {
      requireItem(indexPath, "prefetchItemsAt")
      invariant(!visible.contains(indexPath), "prefetchItemsAt asked for the visible item \(indexPath)")
    }
    invariant(Set(indexPaths).count == indexPaths.count, "prefetchItemsAt named an item twice: \(indexPaths)")
  }

  private func requireItem(_ indexPath: IndexPath, _ method: String) {
    invariant(
      sections.indices.contains(indexPath.section)
        && sections[indexPath.section].items.indices.contains(indexPath.item),
      "\(method) asked about item \(indexPath), which does not exist")
  }

  // MARK: Checks

  /// Writes a line and the collection's state to standard error (when `FUZZ_TRACE` is set).
  func trace(_ line: String) {
    let counts = sections.map(\.items.count)
    let message =
      "\(line)\n  \(layoutDescription); frame \(collectionView.frame.size); items \(counts); selected \(collectionView.indexPathsForSelectedItems ?? []); offset \(collectionView.contentOffset)\n"
    FileHandle.standardError.write(Data(message.utf8))
  }

  /// Checks what must hold after every step.
  func check(after step: @autoclosure () -> String) {
    invariant(
      collectionView.numberOfSections == sections.count,
      "after \(step()) the collection has \(collectionView.numberOfSections) sections, the data source \(sections.count)"
    )
    for (index, section) in sections.enumerated() {
      invariant(
        collectionView.numberOfItems(inSection: index) == section.items.count,
        "after \(step()) section \(index) has \(collectionView.numberOfItems(inSection: index)) items, the data source \(section.items.count)"
      )
    }
    CollectionInvariants.check(collectionView, everyPlacedItemShown: !everDequeuedUnregistered, after: step) {
      indexPath, cell in
      guard cellsAreExact, let cell = cell as? FuzzCollectionCell else { return }
      let item = sections[indexPath.section].items[indexPath.item]
      invariant(
        cell.item == item,
        "after \(step()) the cell of item \(indexPath) shows \(String(describing: cell.item)), not \(item)")
    }
  }
}

/// What a refused update must leave as it was: counts, selection, the cells shown and their places.
struct ViewState: Equatable {
  var counts: [Int]
  var selected: [IndexPath]
  var cells: [IndexPath: ObjectIdentifier]
  var frames: [IndexPath: CGRect]
  var offset: CGPoint

  @MainActor
  init(_ collectionView: CollectionView) {
    counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
    selected = collectionView.indexPathsForSelectedItems ?? []
    var cells: [IndexPath: ObjectIdentifier] = [:]
    var frames: [IndexPath: CGRect] = [:]
    for indexPath in collectionView.indexPathsForVisibleItems {
      if let cell = collectionView.cellForItem(at: indexPath) {
        cells[indexPath] = ObjectIdentifier(cell)
        frames[indexPath] = cell.frame
      }
    }
    self.cells = cells
    self.frames = frames
    offset = collectionView.contentOffset
  }

  static func == (lhs: ViewState, rhs: ViewState) -> Bool {
    lhs.counts == rhs.counts && lhs.selected == rhs.selected && lhs.cells == rhs.cells
      && lhs.frames.keys == rhs.frames.keys
      && lhs.frames.allSatisfy { key, frame in rhs.frames[key].map { $0 == frame || (frame.isNaN && $0.isNaN) } ?? false
      }
      && (lhs.offset == rhs.offset || (lhs.offset.x.isNaN || lhs.offset.y.isNaN))
  }
}

extension CGRect {
  /// Whether any of the rectangle's numbers is not a number.
  var isNaN: Bool {
    origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN
  }
}

/// The checks every collection view passes after every step, whatever drives it.
@MainActor
enum CollectionInvariants {
  /// Checks the selection, the visible cells and the layout's agreement with them; `cellShowsItem` checks
  /// what a visible cell shows.
  static func check(
    _ collectionView: CollectionView, everyPlacedItemShown: Bool, after step: () -> String,
    cellShowsItem: (IndexPath, CollectionViewCell) -> Void
  ) {
    let selected = collectionView.indexPathsForSelectedItems ?? []
    invariant(selected == selected.sorted(), "after \(step()) the selection is not in order")
    invariant(Set(selected).count == selected.count, "after \(step()) an item is selected twice")
    for indexPath in selected {
      invariant(exists(indexPath, in: collectionView), "after \(step()) \(indexPath) is selected and absent")
    }
    let visible = collectionView.indexPathsForVisibleItems
    let cells = collectionView.visibleCells
    invariant(cells.count == visible.count, "\(cells.count) visible cells for \(visible.count) visible items")
    invariant(Set(cells.map(ObjectIdentifier.init)).count == cells.count, "after \(step()) a cell shows two items")
    invariant(Set(visible).count == visible.count, "after \(step()) an item is visible twice")
    for indexPath in visible {
      invariant(exists(indexPath, in: collectionView), "after \(step()) the visible item \(indexPath) does not exist")
      guard let cell = collectionView.cellForItem(at: indexPath) else {
        invariant(false, "after \(step()) the visible item \(indexPath) has no cell")
        return
      }
      invariant(
        collectionView.indexPath(for: cell) == indexPath, "after \(step()) the cell of \(indexPath) is elsewhere")
      invariant(
        cell.isSelected == selected.contains(indexPath),
        "after \(step()) the cell of \(indexPath) shows isSelected \(cell.isSelected)")
      invariant(!cell.isHighlighted, "after \(step()) the cell of \(indexPath) stays highlighted")
      let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame
      invariant(
        frame == cell.frame || (frame?.isNaN == true && cell.frame.isNaN),
        "after \(step()) the cell of \(indexPath) is at \(cell.frame), the layout puts it at \(String(describing: frame))"
      )
      cellShowsItem(indexPath, cell)
    }
    // No item outside the bounds has a cell, and every item the layout places in the bounds has one (unless the
    // data source gave none: a misuse the view records).
    let placed = Set(
      (collectionView.collectionViewLayout.layoutAttributesForElements(in: collectionView.bounds) ?? [])
        .filter { $0.representedElementCategory == .cell && exists($0.indexPath, in: collectionView) }
        .map(\.indexPath))
    invariant(
      Set(visible).isSubset(of: placed),
      "after \(step()) items \(Set(visible).subtracting(placed).sorted()) are visible outside the bounds")
    if everyPlacedItemShown, collectionView.dataSource != nil {
      invariant(
        placed.isSubset(of: Set(visible)),
        "after \(step()) items \(placed.subtracting(visible).sorted()) are in the bounds without a cell")
    }
  }

  static func exists(_ indexPath: IndexPath, in collectionView: CollectionView) -> Bool {
    indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < collectionView.numberOfSections
      && indexPath.item >= 0 && indexPath.item < collectionView.numberOfItems(inSection: indexPath.section)
  }
}

/// Lengths for geometry: the usual values most of the time, else zero, negative, huge or not a number.
enum FuzzLength {
  static func pick(_ input: inout FuzzBytes, usual: [CGFloat]) -> CGFloat {
    let byte = input.byte()
    if byte < 0xF0 { return usual[Int(byte) % usual.count] + CGFloat(byte / 16) * 0.25 }
    return [0, -1, 1e-300, 1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan][Int(byte) % 8]
  }
}
