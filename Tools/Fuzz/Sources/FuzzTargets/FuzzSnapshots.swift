import Foundation
import ListCore

/// What an item shows (its version); the cell provider binds the version current when it runs.
@MainActor
final class ItemContents {
  var versions: [Int: Int] = [:]
}

/// The snapshots a diffable data source's fuzz target works with: the one shown, the draft the steps edit, and
/// the edits themselves (shared by the table's and the collection's targets).
@MainActor
struct FuzzSnapshots {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// The snapshot the list must show: the last one applied.
  var shown = Snapshot()
  /// The snapshot the steps edit, applied by an apply step.
  var draft = Snapshot()
  /// What each item shows.
  let contents = ItemContents()
  private var nextID = 0

  /// One edit of the draft, right or wrong: a wrong one is recorded in the draft's ``firstMisuse``.
  mutating func edit(_ input: inout FuzzBytes) -> String {
    switch input.int(below: 14) {
    case 0:
      let sections = (0..<input.int(in: 1...2)).map { _ in input.int(below: 4) == 0 ? randomSection(&input) : newID() }
      draft.appendSections(sections)
      return "appendSections(\(sections))"
    case 1:
      let section = input.int(below: 4) == 0 ? randomSection(&input) : newID()
      let anchor = randomSection(&input)
      if input.bool() {
        draft.insertSections([section], beforeSection: anchor)
      } else {
        draft.insertSections([section], afterSection: anchor)
      }
      return "insertSections([\(section)]) next to \(anchor)"
    case 2:
      let section = randomSection(&input)
      draft.deleteSections([section])
      return "deleteSections([\(section)])"
    case 3:
      let section = randomSection(&input)
      let anchor = randomSection(&input)
      if input.bool() {
        draft.moveSection(section, beforeSection: anchor)
      } else {
        draft.moveSection(section, afterSection: anchor)
      }
      return "moveSection(\(section)) next to \(anchor)"
    case 4:
      let section = randomSection(&input)
      draft.reloadSections([section])
      return "reloadSections([\(section)])"
    case 5, 6:
      let items = (0..<input.int(in: 1...4)).map { _ in input.int(below: 5) == 0 ? randomItem(&input) : newItem() }
      if input.int(below: 4) == 0 {
        draft.appendItems(items)
      } else {
        draft.appendItems(items, toSection: randomSection(&input))
      }
      return "appendItems(\(items))"
    case 7:
      let item = input.int(below: 5) == 0 ? randomItem(&input) : newItem()
      let anchor = randomItem(&input)
      if input.bool() {
        draft.insertItems([item], beforeItem: anchor)
      } else {
        draft.insertItems([item], afterItem: anchor)
      }
      return "insertItems([\(item)]) next to \(anchor)"
    case 8:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.deleteItems(items)
      return "deleteItems(\(items))"
    case 9:
      let item = randomItem(&input)
      let anchor = randomItem(&input)
      if input.bool() {
        draft.moveItem(item, beforeItem: anchor)
      } else {
        draft.moveItem(item, afterItem: anchor)
      }
      return "moveItem(\(item)) next to \(anchor)"
    case 10:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.reloadItems(items)
      return "reloadItems(\(items))"
    case 11, 12:
      let items = (0..<input.int(in: 1...3)).map { _ in randomItem(&input) }
      draft.reconfigureItems(items)
      return "reconfigureItems(\(items))"
    default:
      if input.bool() {
        draft.deleteAllItems()
        return "deleteAllItems()"
      }
      let section = randomSection(&input)
      draft.deleteItems(draft.numberOfSections > 0 ? draft.itemIdentifiers(inSection: section) : [])
      return "deleteItems(of section \(section))"
    }
  }

  mutating func newID() -> Int {
    nextID += 1
    return nextID
  }

  mutating func newItem() -> Int {
    let item = newID()
    contents.versions[item] = 0
    return item
  }

  /// A section of the draft or the shown snapshot most of the time, else one that exists in neither (negative:
  /// new identifiers are positive).
  func randomSection(_ input: inout FuzzBytes) -> Int {
    let known = Array(Set(draft.sectionIdentifiers).union(shown.sectionIdentifiers)).sorted()
    return known.isEmpty || input.int(below: 8) == 0 ? -1 - input.int(below: 3) : input.pick(known)
  }

  /// An item of the draft or the shown snapshot most of the time, else one that exists in neither (negative:
  /// new identifiers are positive).
  func randomItem(_ input: inout FuzzBytes) -> Int {
    let known = Array(Set(draft.itemIdentifiers).union(shown.itemIdentifiers)).sorted()
    return known.isEmpty || input.int(below: 8) == 0 ? -1 - input.int(below: 3) : input.pick(known)
  }

  /// The items a snapshot's marks reload: marked ones and those of marked sections.
  static func reloadedItems(of snapshot: Snapshot) -> Set<Int> {
    Set(snapshot.reloadedItemIdentifiers).union(
      snapshot.reloadedSectionIdentifiers.flatMap { snapshot.itemIdentifiers(inSection: $0) })
  }

  /// The selected items that stay selected when `snapshot` replaces the one shown.
  ///
  /// An item whose old section is deleted, or that lands in a new section, is deleted and inserted (a batch
  /// update moves items only between kept sections), and loses its selection as a reloaded one does.
  func selectionKept(_ selected: Set<Int>, applying snapshot: Snapshot) -> Set<Int> {
    let reloaded = Self.reloadedItems(of: snapshot)
    return selected.filter { item in
      guard let old = shown.sectionIdentifier(containingItem: item),
        let new = snapshot.sectionIdentifier(containingItem: item)
      else { return false }
      return snapshot.indexOfSection(old) != nil && shown.indexOfSection(new) != nil && !reloaded.contains(item)
    }
  }
}
