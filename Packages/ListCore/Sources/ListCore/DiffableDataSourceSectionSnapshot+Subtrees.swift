import Foundation

extension DiffableDataSourceSectionSnapshot {
  /// An outline of a parent's descendants, expanded and collapsed as they are here: the parent's children at its
  /// top level, or the parent alone there when `includingParent` is true.
  ///
  /// For a parent the outline does not hold, an empty outline that recorded the misuse (UIKit raises).
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
    var outline = Self()
    guard let node = nodes[parent] else {
      outline.recordMisuse(SnapshotMisuse.notFound("parent", "item", parent))
      return outline
    }
    outline.roots = includingParent ? [parent] : node.children
    for item in walk(from: outline.roots, visibleOnly: false) { outline.nodes[item] = nodes[item] }
    for top in outline.roots { outline.nodes[top]?.parent = nil }
    return outline
  }

  /// Replaces a parent's descendants with an outline's items.
  ///
  /// The outline's top level becomes the parent's children, its parents keep their expanded state. The parent's
  /// own state is unchanged.
  ///
  /// Recorded as misuse, leaving this outline as it was: the outline's own misuse, a parent this outline does
  /// not hold, an item of the outline held here other than among the parent's descendants.
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    if let misuse = snapshot.misuse { return recordMisuse(misuse.message) }
    guard contains(parent) else { return recordMisuse(SnapshotMisuse.notFound("parent", "item", parent)) }
    let replaced = Set(walk(from: children(of: parent), visibleOnly: false))
    let held = snapshot.items.filter { contains($0) && !replaced.contains($0) }
    guard held.isEmpty else { return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: held)) }
    for item in replaced { nodes[item] = nil }
    nodes[parent]?.children = []
    graft(snapshot, under: parent) { $0.append(contentsOf: snapshot.roots) }
  }

  /// Appends an outline's items as the last children of a parent (at the top level for nil), expanded and
  /// collapsed as they are there.
  ///
  /// Recorded as misuse, leaving this outline as it was: the outline's own misuse, a parent this outline does
  /// not hold, an item this outline holds already.
  public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
    if let misuse = snapshot.misuse { return recordMisuse(misuse.message) }
    if let parent, !contains(parent) { return recordMisuse(SnapshotMisuse.notFound("parent", "item", parent)) }
    guard refuseHeld(snapshot.items) else { return }
    graft(snapshot, under: parent) { $0.append(contentsOf: snapshot.roots) }
  }

  /// Inserts an outline's items just before an item, under its parent.
  ///
  /// Recorded as misuse, leaving this outline as it was: the outline's own misuse, the anchor among its items,
  /// an anchor this outline does not hold, an item this outline holds already.
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    insert(snapshot, anchor: item, after: false)
  }

  /// Inserts an outline's items just after an item, under its parent.
  ///
  /// Recorded as misuse, leaving this outline as it was: the outline's own misuse, the anchor among its items,
  /// an anchor this outline does not hold, an item this outline holds already.
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    insert(snapshot, anchor: item, after: true)
  }

  private mutating func insert(_ snapshot: Self, anchor: ItemIdentifierType, after: Bool) {
    if let misuse = snapshot.misuse { return recordMisuse(misuse.message) }
    if snapshot.contains(anchor) { return recordMisuse(SnapshotMisuse.itemDestinationInserted(anchor)) }
    guard let node = nodes[anchor] else { return recordMisuse(SnapshotMisuse.notFound("index", "item", anchor)) }
    guard refuseHeld(snapshot.items) else { return }
    graft(snapshot, under: node.parent) { siblings in
      let position = siblings.firstIndex(of: anchor).map { after ? $0 + 1 : $0 } ?? siblings.count
      siblings.insert(contentsOf: snapshot.roots, at: position)
    }
  }

  /// Adds an outline's items under a parent, placing its top level among the parent's children with `place`.
  private mutating func graft(
    _ snapshot: Self, under parent: ItemIdentifierType?, place: (inout [ItemIdentifierType]) -> Void
  ) {
    guard !snapshot.roots.isEmpty else { return }
    nodes.reserveCapacity(nodes.count + snapshot.nodes.count)
    for (item, node) in snapshot.nodes { nodes[item] = node }
    for top in snapshot.roots { nodes[top]?.parent = parent }
    withChildren(of: parent, place)
  }
}
