import Foundation
import ListCore

/// A fuzzed data source's sections, and the making of data and of changes to it from fuzz bytes: shared by the
/// table's and the collection's fuzz targets.
struct FuzzSections {
  var sections: [FuzzSection] = []
  private var nextID = 0

  mutating func newItem() -> FuzzItem {
    nextID += 1
    return FuzzItem(id: nextID, value: nextID)
  }

  mutating func makeSection(rows: Int, _ input: inout FuzzBytes) -> FuzzSection {
    nextID += 1
    let title: String? = input.bool() ? "Section \(nextID)" : nil
    return FuzzSection(id: nextID, title: title, items: (0..<rows).map { _ in newItem() })
  }

  /// An item, now and then one whose identifier another row already has.
  mutating func insertedItem(_ input: inout FuzzBytes) -> FuzzItem {
    let all = sections.flatMap(\.items)
    if input.int(below: 8) == 0, !all.isEmpty {
      return FuzzItem(id: all[input.int(below: all.count)].id, value: Int(input.byte()))
    }
    return newItem()
  }

  /// Changes the data source: one to five inserts, deletes, moves and value changes of rows and sections.
  mutating func mutate(_ input: inout FuzzBytes) {
    for _ in 0...input.int(below: 5) {
      let section = input.int(below: sections.count)
      switch input.int(below: 9) {
      case 0, 1:
        guard !sections.isEmpty else { fallthrough }
        let item = insertedItem(&input)
        sections[section].items.insert(item, at: input.int(below: sections[section].items.count + 1))
      case 2:
        guard !sections.isEmpty, !sections[section].items.isEmpty else { continue }
        sections[section].items.remove(at: input.int(below: sections[section].items.count))
      case 3:
        guard !sections.isEmpty, !sections[section].items.isEmpty else { continue }
        let item = sections[section].items.remove(at: input.int(below: sections[section].items.count))
        let target = input.int(below: sections.count)
        sections[target].items.insert(item, at: input.int(below: sections[target].items.count + 1))
      case 4:
        guard !sections.isEmpty, !sections[section].items.isEmpty else { continue }
        sections[section].items[input.int(below: sections[section].items.count)].value += 1
      case 5:
        var new = makeSection(rows: input.int(below: 4), &input)
        if input.int(below: 8) == 0, !sections.isEmpty { new.id = sections[section].id }
        sections.insert(new, at: input.int(below: sections.count + 1))
      case 6:
        guard !sections.isEmpty else { continue }
        sections.remove(at: section)
      case 7:
        guard !sections.isEmpty else { continue }
        let moved = sections.remove(at: section)
        sections.insert(moved, at: input.int(below: sections.count + 1))
      default:
        guard !sections.isEmpty else { continue }
        sections[section].title = sections[section].title == nil ? "Renamed" : nil
      }
    }
  }

  static func diffable(_ sections: [FuzzSection]) -> [DiffableSection<Int, FuzzItem>] {
    sections.map { DiffableSection(id: $0.id, items: $0.items) }
  }

  /// A row, usually one that exists or is next to one, now and then not a row at all.
  func randomIndexPath(_ input: inout FuzzBytes) -> IndexPath {
    switch input.int(below: 32) {
    case 0: return IndexPath(index: input.int(in: -1...3))
    case 1: return IndexPath(indexes: [0, input.int(below: 3), input.int(below: 3)])
    case 2: return IndexPath()
    default:
      let section = input.int(in: -1...sections.count)
      let rows = sections.indices.contains(section) ? sections[section].items.count : 2
      return IndexPath(row: input.int(in: -1...rows), section: section)
    }
  }

  func randomSection(_ input: inout FuzzBytes) -> Int {
    input.int(below: sections.count + 2)
  }

  /// A batch of random changes, each near the data's bounds.
  func randomChanges(_ input: inout FuzzBytes) -> Changeset {
    var changes = Changeset()
    for _ in 0..<input.int(below: 6) {
      switch input.int(below: 7) {
      case 0: changes.rowInserts.append(randomIndexPath(&input))
      case 1: changes.rowDeletes.append(randomIndexPath(&input))
      case 2: changes.rowReloads.append(randomIndexPath(&input))
      case 3: changes.rowMoves.append(.init(from: randomIndexPath(&input), to: randomIndexPath(&input)))
      case 4: changes.sectionInserts.insert(randomSection(&input))
      case 5: changes.sectionDeletes.insert(randomSection(&input))
      default:
        changes.sectionMoves.append(.init(from: input.int(in: -1...sections.count), to: randomSection(&input)))
      }
    }
    return changes
  }

  /// Puts one change of a right changeset off: drops, repeats or shifts one of its changes.
  func perturb(_ changes: inout Changeset, _ input: inout FuzzBytes) {
    let delta = input.bool() ? 1 : -1
    switch input.int(below: 6) {
    case 0:
      if !changes.rowInserts.isEmpty { changes.rowInserts.remove(at: input.int(below: changes.rowInserts.count)) }
    case 1:
      if let last = changes.rowDeletes.last { changes.rowDeletes.append(last) }
    case 2:
      if !changes.rowMoves.isEmpty {
        let index = input.int(below: changes.rowMoves.count)
        let to = changes.rowMoves[index].to
        changes.rowMoves[index].to = IndexPath(row: to.row + delta, section: to.section)
      }
    case 3:
      if !changes.rowReloads.isEmpty {
        let index = input.int(below: changes.rowReloads.count)
        let reload = changes.rowReloads[index]
        changes.rowReloads[index] = IndexPath(row: reload.row + delta, section: reload.section)
      }
    case 4:
      if let first = changes.sectionDeletes.first { changes.sectionDeletes.remove(first) }
    default:
      changes.rowDeletes.append(randomIndexPath(&input))
    }
  }
}
