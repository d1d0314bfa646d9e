import Foundation

/// An outline of one section's items, as `NSDiffableDataSourceSectionSnapshot` is: items under parents, each
/// parent expanded or collapsed, and the items a section shows (its ``visibleItems``).
///
/// An item is visible when every one of its ancestors is expanded; a parent starts collapsed. Identifiers are
/// unique in the outline. Applying an outline to a section of a diffable data source shows its visible items there
/// (CollectionKit's `apply(_:to:animatingDifferences:completion:)`).
///
/// Each item keeps its parent and its children in a table keyed by identifier, so that ``parent(of:)``,
/// ``level(of:)``, ``isExpanded(_:)`` and ``contains(_:)`` cost O(1) (the level O(depth)), and ``items`` and
/// ``visibleItems`` one walk of the outline, O(n).
///
/// Where UIKit raises an exception (an identifier given twice or held already, a parent or an anchor the outline
/// does not hold), the outline leaves itself as it was for that call and records the misuse in
/// ``recordedMisuse``, as ``DiffableDataSourceSnapshot`` does; applying the outline throws it. The messages are in
/// the *Diffable snapshots* article.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
  /// Where an item is in the outline.
  struct Node: Hashable, Sendable {
    var parent: ItemIdentifierType?
    var children: [ItemIdentifierType] = []
    var isExpanded = false
  }

  /// The items at the outline's top level, in order.
  var roots: [ItemIdentifierType] = []
  var nodes: [ItemIdentifierType: Node] = [:]
  var misuse: SnapshotMisuse?

  /// Creates an empty outline.
  public init() {}

  /// The first misuse recorded (a call UIKit would have answered with an exception), which applying the outline
  /// throws; nil for an outline built as UIKit allows.
  public var recordedMisuse: SnapshotMisuse? { misuse }

  // MARK: Queries

  /// The items at the top level, in order.
  public var rootItems: [ItemIdentifierType] { roots }

  /// Every item, depth first: each parent followed by its children, expanded or not.
  public var items: [ItemIdentifierType] { walk(from: roots, visibleOnly: false) }

  /// The items a section shows, depth first: each item whose ancestors are all expanded.
  ///
  /// O(n) in the items shown and the children of the expanded parents.
  public var visibleItems: [ItemIdentifierType] { walk(from: roots, visibleOnly: true) }

  /// Whether the outline holds an item.
  public func contains(_ item: ItemIdentifierType) -> Bool {
    nodes[item] != nil
  }

  /// Whether an item is expanded: false for an item never expanded, and for one the outline does not hold.
  public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    nodes[item]?.isExpanded ?? false
  }

  /// Whether an item is shown: the outline holds it and all its ancestors are expanded.
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard var parent = nodes[item].map({ $0.parent }) else { return false }
    while let ancestor = parent {
      guard let node = nodes[ancestor], node.isExpanded else { return false }
      parent = node.parent
    }
    return true
  }

  /// An item's parent; nil for a top-level item and for an item the outline does not hold.
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    nodes[child]?.parent
  }

  /// How deep an item is: 0 at the top level, 1 for a top-level item's child…; -1 for an item the outline does
  /// not hold (UIKit raises).
  public func level(of item: ItemIdentifierType) -> Int {
    guard var parent = nodes[item].map({ $0.parent }) else { return -1 }
    var level = 0
    while let ancestor = parent {
      level += 1
      parent = nodes[ancestor]?.parent
    }
    return level
  }

  /// An item's position in ``items`` (every item, depth first), or nil for an item the outline does not hold.
  public func index(of item: ItemIdentifierType) -> Int? {
    guard contains(item) else { return nil }
    return items.firstIndex(of: item)
  }

  /// The outline as text, one item a line in ``items`` order, indented two spaces a level: `+ ` before a
  /// collapsed parent, `- ` before an expanded one, `* ` before an item without children.
  public func visualDescription() -> String {
    items.map { item in
      let node = nodes[item] ?? Node()
      let mark = node.children.isEmpty ? "*" : node.isExpanded ? "-" : "+"
      return String(repeating: "  ", count: level(of: item)) + "\(mark) \(String(describing: item))"
    }.joined(separator: "\n")
  }

  // MARK: Internal

  /// Items depth first from `tops`, descending into every parent, or only into expanded ones.
  func walk(from tops: [ItemIdentifierType], visibleOnly: Bool) -> [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(visibleOnly ? tops.count : nodes.count)
    var stack: [(children: [ItemIdentifierType], next: Int)] = [(tops, 0)]
    while let (children, next) = stack.last {
      guard next < children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next = next + 1
      let item = children[next]
      result.append(item)
      if let node = nodes[item], !node.children.isEmpty, !visibleOnly || node.isExpanded {
        stack.append((node.children, 0))
      }
    }
    return result
  }

  /// The children of a parent, or the top level for nil.
  func children(of parent: ItemIdentifierType?) -> [ItemIdentifierType] {
    guard let parent else { return roots }
    return nodes[parent]?.children ?? []
  }

  /// Changes the children of a parent, or the top level for nil.
  mutating func withChildren<Result>(
    of parent: ItemIdentifierType?, _ body: (inout [ItemIdentifierType]) -> Result
  ) -> Result {
    guard let parent else { return body(&roots) }
    return body(&nodes[parent, default: Node()].children)
  }

  /// Records the first misuse; the call that made it leaves the outline as it was.
  mutating func recordMisuse(_ message: String) {
    if misuse == nil { misuse = SnapshotMisuse(message) }
  }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Whether both hold the same items under the same parents, in the same order, expanded alike (a recorded
  /// misuse aside).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.roots == rhs.roots && lhs.nodes == rhs.nodes
  }
}
