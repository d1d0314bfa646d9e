import Foundation
import ListCore

/// The reference model of a snapshot: plain arrays, searched linearly, with UIKit's rules written out one
/// at a time, for the property tests to hold ``DiffableDataSourceSnapshot`` to.
struct SnapshotModel {
  var sections: [(id: String, items: [Int])] = []
  var reloaded: [Int] = []
  var reconfigured: [Int] = []
  var reloadedSections: [String] = []
  var misuse: String?

  var items: [Int] { sections.flatMap(\.items) }

  func location(of item: Int) -> (section: Int, row: Int)? {
    for (section, contents) in sections.enumerated() {
      if let row = contents.items.firstIndex(of: item) { return (section, row) }
    }
    return nil
  }

  func position(of section: String) -> Int? { sections.firstIndex { $0.id == section } }

  private mutating func refuse(_ message: String) {
    if misuse == nil { misuse = message }
  }

  private static func describe(_ value: some Any) -> String { String(reflecting: value) }

  /// The repeated values of `values`, each once, in the order their repeats come; nil if there are none.
  private static func repeats<Value: Equatable>(_ values: [Value]) -> [Value]? {
    var found: [Value] = []
    for index in values.indices where values[..<index].contains(values[index]) && !found.contains(values[index]) {
      found.append(values[index])
    }
    return found.isEmpty ? nil : found
  }

  /// Refuses repeated identifiers; true when there were some.
  private mutating func refuseRepeats<Value: Equatable>(_ values: [Value], kind: String) -> Bool {
    guard let repeated = Self.repeats(values) else { return false }
    refuse(
      "Supplied \(kind) identifiers are not unique. Duplicate identifiers: {("
        + repeated.map { Self.describe($0) }.joined(separator: ", ") + ")}")
    return true
  }

  private func notFound(_ variable: String, _ kind: String, _ value: some Any) -> String {
    "Invalid parameter not satisfying: \(variable) != NSNotFound (\(kind) identifier \(Self.describe(value)) is not "
      + "in the snapshot)"
  }

  private mutating func removeItems(_ removed: [Int]) {
    for index in sections.indices { sections[index].items.removeAll { removed.contains($0) } }
  }

  mutating func appendItems(_ items: [Int], toSection section: String?) {
    guard !sections.isEmpty else {
      return refuse("There are currently no sections in the data source. Please add a section first.")
    }
    guard !refuseRepeats(items, kind: "item") else { return }
    if let section, position(of: section) == nil { return refuse(notFound("section", "section", section)) }
    removeItems(items)
    let target = section.flatMap { position(of: $0) } ?? sections.count - 1
    sections[target].items += items
  }

  mutating func insertItems(_ items: [Int], anchor: Int, after: Bool) {
    guard !refuseRepeats(items, kind: "item") else { return }
    guard !items.contains(anchor) else {
      return refuse(
        "Invalid update: destination for insertion operation [\(Self.describe(anchor))] is in the insertion "
          + "identifier list for update.")
    }
    guard location(of: anchor) != nil else { return refuse(notFound("section", "item", anchor)) }
    removeItems(items)
    let place = location(of: anchor)!
    sections[place.section].items.insert(contentsOf: items, at: place.row + (after ? 1 : 0))
  }

  mutating func deleteItems(_ items: [Int]) {
    guard !refuseRepeats(items, kind: "item") else { return }
    removeItems(items)
  }

  mutating func deleteAllItems() { sections = [] }

  mutating func moveItem(_ item: Int, anchor: Int, after: Bool) {
    guard item != anchor else {
      return refuse(
        "Invalid update: destination for item move is the same as the source [\(Self.describe(item))] for update.")
    }
    guard location(of: item) != nil else { return refuse(notFound("fromIndex", "item", item)) }
    guard location(of: anchor) != nil else { return refuse(notFound("toIndex", "item", anchor)) }
    removeItems([item])
    let place = location(of: anchor)!
    sections[place.section].items.insert(item, at: place.row + (after ? 1 : 0))
  }

  mutating func mark(_ items: [Int], reconfigure: Bool) {
    guard !refuseRepeats(items, kind: "item") else { return }
    if let missing = items.first(where: { location(of: $0) == nil }) {
      return refuse(
        "Attempted to \(reconfigure ? "reconfigure" : "reload") item identifier that does not exist in the "
          + "snapshot: \(Self.describe(missing))")
    }
    for item in items {
      if reconfigure {
        if !reconfigured.contains(item) { reconfigured.append(item) }
      } else if !reloaded.contains(item) {
        reloaded.append(item)
      }
    }
  }

  mutating func insertSections(_ ids: [String], anchor: String?, after: Bool) {
    guard !refuseRepeats(ids, kind: "section") else { return }
    if let anchor {
      guard !ids.contains(anchor) else {
        return refuse(
          "Invalid update: destination for section operation [\(Self.describe(anchor))] is in the inserted section "
            + "list for update.")
      }
      guard position(of: anchor) != nil else { return refuse(notFound("insertIndex", "section", anchor)) }
    }
    let existing = ids.filter { position(of: $0) != nil }
    guard existing.isEmpty else {
      let message =
        existing.count == 1
        ? "1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. "
          + "Section identifier that already exists: \(Self.describe(existing[0]))"
        : "\(existing.count) section identifiers that already exist in the snapshot. Identifiers in a snapshot must "
          + "be unique. Section identifiers that already exist: ("
          + existing.map { Self.describe($0) }.joined(separator: ", ") + ")"
      return refuse("Diffable data source detected an attempt to insert or append " + message)
    }
    let target = anchor.map { position(of: $0)! + (after ? 1 : 0) } ?? sections.count
    sections.insert(contentsOf: ids.map { (id: $0, items: [Int]()) }, at: target)
  }

  mutating func deleteSections(_ ids: [String]) {
    guard !refuseRepeats(ids, kind: "section") else { return }
    sections.removeAll { ids.contains($0.id) }
  }

  mutating func moveSection(_ id: String, anchor: String, after: Bool) {
    guard id != anchor else {
      return refuse(
        "Invalid update: destination for section move is the same as the source [\(Self.describe(id))] for update.")
    }
    guard let from = position(of: id) else { return refuse(notFound("fromSection", "section", id)) }
    guard position(of: anchor) != nil else { return refuse(notFound("toSection", "section", anchor)) }
    let moved = sections.remove(at: from)
    sections.insert(moved, at: position(of: anchor)! + (after ? 1 : 0))
  }

  mutating func reloadSections(_ ids: [String]) {
    guard !refuseRepeats(ids, kind: "section") else { return }
    if let missing = ids.first(where: { position(of: $0) == nil }) {
      return refuse(
        "Attempted to reload section identifier that does not exist in the snapshot: \(Self.describe(missing))")
    }
    for id in ids where !reloadedSections.contains(id) { reloadedSections.append(id) }
  }
}
