import Foundation

/// Where the items of a checked batch update go: what a view needs to keep cells and selection with their items.
///
/// ``BatchUpdate/resolve(before:after:wording:)`` makes one.
public struct BatchUpdatePlan: Sendable {
  let newSectionForOld: [Int?]
  let reloadedSections: Set<Int>
  /// Old items deleted or moved out, with where the moved ones go.
  let itemMarks: ItemMarks
  /// For each old section, its deleted and moved-out items, in order.
  let removedItems: [[Int]]
  /// For each new section, its inserted and moved-in items, in order.
  let fixedItems: [[Int]]
  let reloadedItems: Set<IndexPath>

  /// Where an item from before the update is after it; nil when it was deleted (or its section was).
  public func newIndexPath(for old: IndexPath) -> IndexPath? {
    guard itemMarks.contains(old) else { return nil }
    let mark = itemMarks.mark(ofItem: old.item, inSection: old.section)
    if let moved = itemMarks.destination(mark) { return moved }
    guard let newSection = newSectionForOld[old.section], mark == ItemMarks.unmarked else { return nil }
    let survivorIndex = old.item - removedItems[old.section].count(below: old.item)
    var item = survivorIndex
    for fixed in fixedItems[newSection] {
      if fixed <= item { item += 1 } else { break }
    }
    return IndexPath(item: item, section: newSection)
  }

  /// Whether an item from before the update gets a new cell and loses its selection (reloaded, or in a
  /// reloaded section).
  public func isReloaded(_ old: IndexPath) -> Bool {
    reloadedItems.contains(old) || reloadedSections.contains(old.section)
  }
}

extension [Int] {
  /// How many elements of this sorted array are below `value` (binary search).
  fileprivate func count(below value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
