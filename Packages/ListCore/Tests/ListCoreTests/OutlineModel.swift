import Foundation

/// The reference model of a section snapshot, for the property tests to hold `DiffableDataSourceSectionSnapshot` to.
///
/// A tree of nested arrays, searched and rebuilt recursively, with UIKit's rules written out one at a time. It
/// only says whether a call was refused; the messages have tests of their own.
struct OutlineModel {
  struct Node {
    var id: Int
    var isExpanded = false
    var children: [Node] = []
  }

  /// What the model says about one item.
  struct Facts: Equatable {
    var level: Int
    var parent: Int?
    var isExpanded: Bool
    var isVisible: Bool
  }

  var roots: [Node] = []
  var refused = false

  /// Every item depth first, with its facts.
  var flattened: [(id: Int, facts: Facts)] {
    var result: [(Int, Facts)] = []
    func visit(_ nodes: [Node], level: Int, parent: Int?, visible: Bool) {
      for node in nodes {
        result.append((node.id, Facts(level: level, parent: parent, isExpanded: node.isExpanded, isVisible: visible)))
        visit(node.children, level: level + 1, parent: node.id, visible: visible && node.isExpanded)
      }
    }
    visit(roots, level: 0, parent: nil, visible: true)
    return result
  }

  var items: [Int] { flattened.map(\.id) }
  var visibleItems: [Int] { flattened.filter(\.facts.isVisible).map(\.id) }
  func contains(_ id: Int) -> Bool { items.contains(id) }

  /// The items in a node's subtree, itself included.
  static func subtree(_ node: Node) -> [Int] {
    [node.id] + node.children.flatMap(subtree)
  }

  /// Finds the node and changes it; false when there is none.
  @discardableResult
  static func edit(_ nodes: inout [Node], _ id: Int, _ body: (inout Node) -> Void) -> Bool {
    for index in nodes.indices {
      if nodes[index].id == id {
        body(&nodes[index])
        return true
      }
      if edit(&nodes[index].children, id, body) { return true }
    }
    return false
  }

  /// Finds the list holding the node and changes it, given the node's position there.
  @discardableResult
  static func editSiblings(_ nodes: inout [Node], of id: Int, _ body: (inout [Node], Int) -> Void) -> Bool {
    if let index = nodes.firstIndex(where: { $0.id == id }) {
      body(&nodes, index)
      return true
    }
    for index in nodes.indices where editSiblings(&nodes[index].children, of: id, body) { return true }
    return false
  }

  private mutating func refusesNew(_ ids: [Int]) -> Bool {
    if Set(ids).count != ids.count || ids.contains(where: contains) {
      refused = true
      return true
    }
    return false
  }

  mutating func append(_ ids: [Int], to parent: Int?) {
    if Set(ids).count != ids.count || parent.map({ !contains($0) }) == true {
      refused = true
      return
    }
    guard !refusesNew(ids) else { return }
    let new = ids.map { Node(id: $0) }
    guard let parent else {
      roots += new
      return
    }
    Self.edit(&roots, parent) { $0.children += new }
  }

  mutating func insert(_ ids: [Int], nextTo anchor: Int, after: Bool) {
    if Set(ids).count != ids.count || ids.contains(anchor) || !contains(anchor) {
      refused = true
      return
    }
    guard !refusesNew(ids) else { return }
    Self.editSiblings(&roots, of: anchor) { siblings, index in
      siblings.insert(contentsOf: ids.map { Node(id: $0) }, at: after ? index + 1 : index)
    }
  }

  mutating func delete(_ ids: [Int]) {
    guard Set(ids).count == ids.count else {
      refused = true
      return
    }
    func prune(_ nodes: [Node]) -> [Node] {
      nodes.filter { !ids.contains($0.id) }.map { node in
        var node = node
        node.children = prune(node.children)
        return node
      }
    }
    roots = prune(roots)
  }

  mutating func setExpanded(_ ids: [Int], _ isExpanded: Bool) {
    for id in ids { Self.edit(&roots, id) { $0.isExpanded = isExpanded } }
  }

  /// Replaces a parent's descendants with new leaves.
  mutating func replaceChildren(of parent: Int, with ids: [Int]) {
    guard contains(parent) else {
      refused = true
      return
    }
    var kept = Set(items)
    Self.edit(&roots, parent) { node in
      for child in node.children { kept.subtract(Self.subtree(child)) }
    }
    if Set(ids).count != ids.count || ids.contains(where: kept.contains) {
      refused = true
      return
    }
    Self.edit(&roots, parent) { $0.children = ids.map { Node(id: $0) } }
  }
}
