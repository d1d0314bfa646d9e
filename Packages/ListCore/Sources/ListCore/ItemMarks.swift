import Foundation

/// A mark for each item of a list's sections (a table's rows): what a batch update does to it.
///
/// A section's marks are made the first time one of its items is marked, one integer per item: marking a
/// moved item is an array store, where hashing its index path would cost more than the rest of the update.
struct ItemMarks {
  /// Nothing happens to the item. (Moved items have marks of 0 or more.)
  static let unmarked = -1
  /// The item is deleted.
  static let deleted = -2
  /// The item is inserted (or moved in).
  static let inserted = -3

  private let itemCounts: [Int]
  private var marks: [[Int]]
  /// For each section, the items marked so far, in the order they were marked.
  private var markedItems: [[Int]]

  init(itemCounts: [Int]) {
    self.itemCounts = itemCounts
    marks = Array(repeating: [], count: itemCounts.count)
    markedItems = Array(repeating: [], count: itemCounts.count)
  }

  /// Where moved items go; a moved item's mark is its destination's index here.
  private var destinations: [IndexPath] = []

  /// Where a moved item goes, if `mark` is a moved item's.
  func destination(_ mark: Int) -> IndexPath? {
    mark >= 0 ? destinations[mark] : nil
  }

  /// Whether the index path names an item of these sections.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && itemCounts.indices.contains(indexPath.section) && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// The mark of an item (which must exist), or ``unmarked``.
  func mark(ofItem item: Int, inSection section: Int) -> Int {
    marks[section].isEmpty ? Self.unmarked : marks[section][item]
  }

  /// Marks an item (which must exist) with ``deleted`` or ``inserted``; false, leaving it as it was, if it was
  /// marked already.
  mutating func mark(_ item: Int, inSection section: Int, with mark: Int) -> Bool {
    if marks[section].isEmpty { marks[section] = Array(repeating: Self.unmarked, count: itemCounts[section]) }
    guard marks[section][item] == Self.unmarked else { return false }
    marks[section][item] = mark
    markedItems[section].append(item)
    return true
  }

  /// Marks an item (which must exist) as moved to `destination`; false, leaving it as it was, if it was marked
  /// already.
  mutating func markMoved(_ item: Int, inSection section: Int, to destination: IndexPath) -> Bool {
    guard mark(item, inSection: section, with: destinations.count) else { return false }
    destinations.append(destination)
    return true
  }

  /// The marked items of a section, in order.
  func markedItems(inSection section: Int) -> [Int] {
    let items = markedItems[section]
    // Sorting costs more than walking the marks once many items are marked.
    guard items.count > itemCounts[section] / 16 else { return items.sorted() }
    return marks[section].indices.filter { marks[section][$0] != Self.unmarked }
  }
}
