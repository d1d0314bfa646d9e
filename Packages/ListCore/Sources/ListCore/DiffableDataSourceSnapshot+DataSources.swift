import Foundation

extension DiffableDataSourceSnapshot {
  /// The item at an index path (a section's position and a row or item), or nil.
  ///
  /// What a diffable data source answers for a row or an item of the snapshot it shows.
  @inlinable
  public func itemIdentifier(at indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2, sectionItems.indices.contains(indexPath.section) else { return nil }
    let items = sectionItems[indexPath.section]
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// Where an item is: its section's position and its row (or item), or nil.
  @inlinable
  public func indexPath(ofItem identifier: ItemIdentifierType) -> IndexPath? {
    index.withState { state -> IndexPath? in
      place(ofItem: identifier, in: &state).map { IndexPath(row: $0.row, section: $0.position) }
    }
  }

  /// The section at a position, or nil.
  @inlinable
  public func sectionIdentifier(at index: Int) -> SectionIdentifierType? {
    sectionIDs.indices.contains(index) ? sectionIDs[index] : nil
  }

  /// The number of items in the section at a position; 0 for a position the snapshot does not have.
  @inlinable
  public func numberOfItems(inSectionAt index: Int) -> Int {
    sectionItems.indices.contains(index) ? sectionItems[index].count : 0
  }

  /// The same sections and items, without reload and reconfigure marks: what a data source keeps.
  @inlinable
  public var withoutMarks: Self {
    var copy = self
    copy.reloadedItems = OrderedMarks()
    copy.reconfiguredItems = OrderedMarks()
    copy.reloadedSections = OrderedMarks()
    return copy
  }

  /// The sections in the form ``Changeset/difference(from:to:)-([DiffableSection<SectionID,Item>],_)`` takes, each item identified by itself.
  @inlinable
  public func diffableSections() -> [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>] {
    sectionIDs.indices.map { DiffableSection(id: sectionIDs[$0], items: sectionItems[$0].map(IdentifiedItem.init)) }
  }

  /// The items that get new cells when the snapshot is applied: those marked with ``reloadItems(_:)`` and those
  /// of sections marked with ``reloadSections(_:)``.
  @inlinable
  public var itemsToReload: Set<ItemIdentifierType> {
    var items = reloadedItems.members
    for section in reloadedSections.elements { items.formUnion(itemIdentifiers(inSection: section)) }
    return items
  }

  /// The items configured again in place, keeping their cells, when the snapshot is applied: those marked with
  /// ``reconfigureItems(_:)`` that are not also to be reloaded (``itemsToReload``), in the order first marked.
  @inlinable
  public var itemsToReconfigure: [ItemIdentifierType] {
    let marked = reconfiguredItemIdentifiers
    guard !marked.isEmpty else { return [] }
    let reloaded = itemsToReload
    return marked.filter { !reloaded.contains($0) }
  }
}
