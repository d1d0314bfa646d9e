import Foundation

/// The changes recorded during one batch update of a table's rows or a collection view's items, in UIKit's
/// coordinates: deletes and reloads name items and sections as they were before the update, inserts as they are
/// after it, moves go from before to after.
///
/// A view records what its batch-update methods are given (`insertRows(at:with:)`, `insertItems(at:)`…), then
/// checks the whole with ``resolve(before:after:wording:)`` against its data source's counts, as UIKit does.
public struct BatchUpdate: Sendable {
  /// Items deleted, as they were before the update.
  public var itemDeletes: [IndexPath] = []
  /// Items inserted, as they are after the update.
  public var itemInserts: [IndexPath] = []
  /// Items reloaded (they get new cells), as they were before the update.
  public var itemReloads: [IndexPath] = []
  /// Items reconfigured (their cells are configured again), as they were before the update.
  public var itemReconfigures: [IndexPath] = []
  /// Items moved, from where they were before the update to where they are after it.
  public var itemMoves: [(from: IndexPath, to: IndexPath)] = []
  /// Sections deleted, as they were before the update.
  public var sectionDeletes: [Int] = []
  /// Sections inserted, as they are after the update.
  public var sectionInserts: [Int] = []
  /// Sections reloaded (all their items get new cells), as they were before the update.
  public var sectionReloads: [Int] = []
  /// Sections moved, from where they were before the update to where they are after it.
  public var sectionMoves: [(from: Int, to: Int)] = []

  /// Creates an empty batch.
  public init() {}

  /// Checks the batch against the item counts of each section before and after it, as UIKit does, and works out
  /// where every surviving item goes.
  ///
  /// Throws the first inconsistency with UIKit's message, in the view's words (`wording`): "Invalid update:
  /// invalid number of rows in section 0. …" for a table, "… items …" for a collection view. Linear in the number
  /// of changes plus the items of the sections they name: items are marked in per-section arrays rather than
  /// hashed, since a sort of a large list moves every item.
  public func resolve(
    before: [Int], after: [Int], wording: Wording
  ) throws(InvalidBatchUpdate) -> BatchUpdatePlan {
    for paths in [itemDeletes, itemInserts, itemReloads, itemReconfigures] {
      if let bad = paths.first(where: { $0.count != 2 }) { throw wording.notAnIndexPath(bad) }
    }
    for move in itemMoves {
      if move.from.count != 2 { throw wording.notAnIndexPath(move.from) }
      if move.to.count != 2 { throw wording.notAnIndexPath(move.to) }
    }
    let sections = try resolveSections(before: before.count, after: after.count, wording: wording)
    let reloadedSections = Set(sectionReloads)
    let item = wording.item
    var removedItems = ItemMarks(itemCounts: before)  // deleted or moved-out items, and where moved items go
    var fixedItems = ItemMarks(itemCounts: after)  // inserted or moved-in items
    var deleted = [Int](repeating: 0, count: before.count)
    var inserted = [Int](repeating: 0, count: after.count)
    var movedOut = [Int](repeating: 0, count: before.count)
    var movedIn = [Int](repeating: 0, count: after.count)

    for path in itemDeletes {
      try requireItem(path, in: before, wording: wording, verb: "delete \(item) \(path.item) from")
      // An item deleted twice is deleted once.
      if removedItems.mark(path.item, inSection: path.section, with: ItemMarks.deleted) {
        deleted[path.section] += 1
      }
    }
    if !itemReloads.isEmpty {
      let movedFrom = Set(itemMoves.map(\.from))
      for path in itemReloads {
        try requireItem(path, in: before, wording: wording, verb: "reload \(item) \(path.item) from")
        if removedItems.mark(ofItem: path.item, inSection: path.section) != ItemMarks.unmarked
          || movedFrom.contains(path)
        {
          throw InvalidBatchUpdate(
            "Invalid update: attempt to reload \(item) \(path.describedForUpdate), which is also deleted or moved")
        }
      }
    }
    for path in itemReconfigures {
      try requireItem(path, in: before, wording: wording, verb: "reconfigure \(item) \(path.item) from")
    }
    for path in itemInserts {
      guard after.indices.contains(path.section), path.item >= 0, path.item < after[path.section] else {
        let count = after.indices.contains(path.section) ? after[path.section] : 0
        throw InvalidBatchUpdate(
          "Invalid update: attempt to insert \(item) \(path.item) into section \(path.section), but there are only "
            + "\(count) \(wording.items) in section \(path.section) after the update")
      }
      if fixedItems.mark(path.item, inSection: path.section, with: ItemMarks.inserted) {
        inserted[path.section] += 1
      }
    }
    for move in itemMoves {
      try requireItem(move.from, in: before, wording: wording, verb: "move \(item) \(move.from.item) from")
      guard after.indices.contains(move.to.section), move.to.item >= 0, move.to.item < after[move.to.section] else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to move \(item) \(move.from.describedForUpdate) to "
            + "\(move.to.describedForUpdate), which does not exist after the update")
      }
      guard removedItems.markMoved(move.from.item, inSection: move.from.section, to: move.to) else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to move \(item) \(move.from.describedForUpdate) which is also deleted or moved")
      }
      guard fixedItems.mark(move.to.item, inSection: move.to.section, with: ItemMarks.inserted) else {
        throw InvalidBatchUpdate(
          "Invalid update: attempt to move \(wording.anItem) to \(move.to.describedForUpdate), where another "
            + "\(item) is inserted or moved")
      }
      movedOut[move.from.section] += 1
      movedIn[move.to.section] += 1
    }

    for (newSection, oldSection) in sections.oldSectionForNew.enumerated() {
      guard let oldSection, !reloadedSections.contains(oldSection) else { continue }
      let expected =
        before[oldSection] + inserted[newSection] - deleted[oldSection] + movedIn[newSection] - movedOut[oldSection]
      guard expected == after[newSection] else {
        let items = wording.items
        throw InvalidBatchUpdate(
          "Invalid update: invalid number of \(items) in section \(newSection). The number of \(items) contained in "
            + "an existing section after the update (\(after[newSection])) must be equal to the number of \(items) "
            + "contained in that section before the update (\(before[oldSection])), plus or minus the number of "
            + "\(items) inserted or deleted from that section (\(inserted[newSection]) inserted, "
            + "\(deleted[oldSection]) deleted) and plus or minus the number of \(items) moved into or out "
            + "of that section (\(movedIn[newSection]) moved in, \(movedOut[oldSection]) moved out).")
      }
    }
    return BatchUpdatePlan(
      newSectionForOld: sections.newSectionForOld,
      reloadedSections: reloadedSections,
      itemMarks: removedItems,
      removedItems: before.indices.map { removedItems.markedItems(inSection: $0) },
      fixedItems: after.indices.map { fixedItems.markedItems(inSection: $0) },
      reloadedItems: Set(itemReloads)
    )
  }

  /// Throws unless the item exists before the update; `verb` is made only for the message.
  private func requireItem(
    _ path: IndexPath, in before: [Int], wording: Wording, verb: @autoclosure () -> String
  ) throws(InvalidBatchUpdate) {
    guard before.indices.contains(path.section) else {
      throw InvalidBatchUpdate(
        "Invalid update: attempt to \(verb()) section \(path.section), but there are only \(before.count) sections "
          + "before the update")
    }
    guard path.item >= 0, path.item < before[path.section] else {
      throw InvalidBatchUpdate(
        "Invalid update: attempt to \(verb()) section \(path.section) which only contains \(before[path.section]) "
          + "\(wording.items) before the update")
    }
  }
}

extension IndexPath {
  /// "3 in section 0", as UIKit's update messages name an item after its noun.
  var describedForUpdate: String { "\(item) in section \(section)" }
}
