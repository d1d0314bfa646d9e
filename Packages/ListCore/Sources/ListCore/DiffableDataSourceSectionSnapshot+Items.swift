import Foundation

extension DiffableDataSourceSectionSnapshot {
  /// Appends items as the last children of a parent, or at the top level when `parent` is nil.
  ///
  /// Recorded as misuse, leaving the outline as it was (checked in this order): an identifier given twice, a
  /// parent the outline does not hold, an item the outline holds already.
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    if let duplicates = SnapshotMisuse.duplicates(in: items) {
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    if let parent, !contains(parent) { return recordMisuse(SnapshotMisuse.notFound("parent", "item", parent)) }
    guard refuseHeld(items) else { return }
    add(items, under: parent) { $0.append(contentsOf: items) }
  }

  /// Inserts items just before an item, under its parent.
  ///
  /// Recorded as misuse, leaving the outline as it was: an identifier given twice, the anchor among the items,
  /// an anchor the outline does not hold, an item the outline holds already.
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    insert(items, anchor: item, after: false)
  }

  /// Inserts items just after an item, under its parent.
  ///
  /// Recorded as misuse, leaving the outline as it was: an identifier given twice, the anchor among the items,
  /// an anchor the outline does not hold, an item the outline holds already.
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    insert(items, anchor: item, after: true)
  }

  /// Deletes items with all their descendants; identifiers the outline does not hold are ignored.
  ///
  /// Recorded as misuse, leaving the outline as it was: an identifier given twice.
  public mutating func delete(_ items: [ItemIdentifierType]) {
    if let duplicates = SnapshotMisuse.duplicates(in: items) {
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    let deleted = Set(items.filter(contains))
    // An item under another deleted item goes with it.
    let tops = items.filter { item in
      guard deleted.contains(item) else { return false }
      var parent = nodes[item]?.parent
      while let ancestor = parent {
        if deleted.contains(ancestor) { return false }
        parent = nodes[ancestor]?.parent
      }
      return true
    }
    var topsByParent: [ItemIdentifierType?: Set<ItemIdentifierType>] = [:]
    for top in tops { topsByParent[nodes[top]?.parent, default: []].insert(top) }
    for (parent, removed) in topsByParent {
      withChildren(of: parent) { $0.removeAll(where: removed.contains) }
    }
    for item in walk(from: tops, visibleOnly: false) { nodes[item] = nil }
  }

  /// Deletes every item.
  public mutating func deleteAll() {
    roots = []
    nodes = [:]
  }

  /// Expands items: their children are visible when they are.
  ///
  /// Identifiers the outline does not hold are ignored. An item without children may be expanded: its children are visible once it has some.
  public mutating func expand(_ items: [ItemIdentifierType]) {
    for item in items where contains(item) { nodes[item]?.isExpanded = true }
  }

  /// Collapses items: their descendants are hidden.
  ///
  /// Identifiers the outline does not hold are ignored.
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    for item in items where contains(item) { nodes[item]?.isExpanded = false }
  }

  // MARK: Internal

  private mutating func insert(_ items: [ItemIdentifierType], anchor: ItemIdentifierType, after: Bool) {
    if let duplicates = SnapshotMisuse.duplicates(in: items) {
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    if items.contains(anchor) { return recordMisuse(SnapshotMisuse.itemDestinationInserted(anchor)) }
    guard let node = nodes[anchor] else { return recordMisuse(SnapshotMisuse.notFound("index", "item", anchor)) }
    guard refuseHeld(items) else { return }
    add(items, under: node.parent) { siblings in
      let position = siblings.firstIndex(of: anchor).map { after ? $0 + 1 : $0 } ?? siblings.count
      siblings.insert(contentsOf: items, at: position)
    }
  }

  /// Records the items the outline holds already as not unique; true when it holds none of them.
  mutating func refuseHeld(_ items: [ItemIdentifierType]) -> Bool {
    let held = items.filter(contains)
    guard held.isEmpty else {
      recordMisuse(SnapshotMisuse.notUnique("item", duplicates: held))
      return false
    }
    return true
  }

  /// Adds new items, without children, under a parent, placing them among its children with `place`.
  private mutating func add(
    _ items: [ItemIdentifierType], under parent: ItemIdentifierType?,
    place: (inout [ItemIdentifierType]) -> Void
  ) {
    guard !items.isEmpty else { return }
    nodes.reserveCapacity(nodes.count + items.count)
    for item in items { nodes[item] = Node(parent: parent) }
    withChildren(of: parent, place)
  }
}
