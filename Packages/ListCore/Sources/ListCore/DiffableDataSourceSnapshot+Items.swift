import Foundation

extension DiffableDataSourceSnapshot {
  /// Appends items to a section, by default the last one.
  ///
  /// An item the snapshot holds already is moved to the end of that section, as UIKit does since iOS 15
  /// (it logs a warning). Recorded as misuse, leaving the snapshot as it was: a snapshot with no sections,
  /// an identifier given twice, a section the snapshot does not hold (checked in that order, as UIKit does).
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    guard !sectionIDs.isEmpty else { return recordMisuse(SnapshotMisuse.noSections) }
    var position = sectionIDs.count - 1
    if let sectionIdentifier {
      guard let found = self.position(ofSection: sectionIdentifier) else {
        // UIKit checks for identifiers given twice first.
        if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
          return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
        }
        return recordMisuse(SnapshotMisuse.notFound("section", "section", sectionIdentifier))
      }
      position = found
    }
    guard !identifiers.isEmpty else { return }
    if appendToAppendedItems(identifiers, at: position) { return }
    correctRows(ofSectionAt: position)
    let slot = sectionSlots[position]
    let start = sectionItems[position].count
    let isLastSection = position == sectionIDs.count - 1
    // One hash operation per item. The locations replaced tell an item held already (a location it had) from
    // an identifier given twice (one given in this call: in this section, at `start` or after, since the
    // section's rows are correct); the latter is rare, and undone.
    var replaced: [(offset: Int, location: ItemLocation)] = []
    let isUnique = withIndex { state -> Bool in
      if identifiers.count > 16 { state.locations.reserveCapacity(state.locations.count + identifiers.count) }
      for (offset, item) in identifiers.enumerated() {
        guard let old = state.locations.updateValue(ItemLocation(slot: slot, row: start + offset), forKey: item)
        else { continue }
        replaced.append((offset, old))
        guard old.slot != slot || Int(old.row) < start else {
          state.undoLocations(of: identifiers[...offset], replaced: replaced)
          return false
        }
      }
      if state.validRows[Int(slot)] == start { state.validRows[Int(slot)] = start + identifiers.count }
      if !isLastSection { state.sectionStarts = nil }
      return true
    }
    guard isUnique else {
      let duplicates = SnapshotMisuse.duplicates(in: identifiers) ?? []
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    if !replaced.isEmpty {
      var heldAlready: [Int32: Set<ItemIdentifierType>] = [:]
      for (offset, old) in replaced { heldAlready[old.slot, default: []].insert(identifiers[offset]) }
      removeFromSections(heldAlready)
    }
    store(identifiers, appendedTo: position)
  }

  /// Inserts items just before an item, in its section.
  ///
  /// Items the snapshot holds already are moved there. Recorded as misuse, leaving the snapshot as it
  /// was: an identifier given twice, the anchor among the items inserted, an anchor the snapshot does not
  /// hold.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    insertItems(identifiers, anchor: beforeIdentifier, after: false)
  }

  /// Inserts items just after an item, in its section.
  ///
  /// Items the snapshot holds already are moved there. Recorded as misuse, leaving the snapshot as it
  /// was: an identifier given twice, the anchor among the items inserted, an anchor the snapshot does not
  /// hold.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    insertItems(identifiers, anchor: afterIdentifier, after: true)
  }

  /// Deletes items; identifiers the snapshot does not hold are ignored, as UIKit ignores them.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    var removed: [Int32: Set<ItemIdentifierType>] = [:]
    withIndex { state in
      for item in identifiers {
        if let old = state.locations.removeValue(forKey: item) { removed[old.slot, default: []].insert(item) }
      }
    }
    removeFromSections(removed)
  }

  /// Deletes every item and every section; reload and reconfigure marks stay, as UIKit keeps them.
  @inlinable
  public mutating func deleteAllItems() {
    sectionIDs = []
    sectionItems = []
    sectionSlots = []
    slotPositions = []
    freeSlots = []
    slotOfSection = [:]
    index = SnapshotIndex()
    itemCount = 0
  }

  /// Moves an item just before another one, into that one's section.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an item moved relative to itself, an item or an
  /// anchor the snapshot does not hold.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
  ) {
    moveItem(identifier, anchor: toIdentifier, after: false)
  }

  /// Moves an item just after another one, into that one's section.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an item moved relative to itself, an item or an
  /// anchor the snapshot does not hold.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
  ) {
    moveItem(identifier, anchor: toIdentifier, after: true)
  }

  /// Marks items for reload: applying the snapshot gives their visible rows new cells from the cell
  /// provider (the old cells go back to the reuse pool).
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, an item the snapshot
  /// does not hold.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    guard let identifiers = checkedMarks(identifiers, verb: "reload") else { return }
    reloadedItems.insert(contentsOf: identifiers)
  }

  /// Marks items for reconfigure: applying the snapshot asks the cell provider again for their visible
  /// rows, handing it the cells they show (no `prepareForReuse()`), as UIKit does.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, an item the snapshot
  /// does not hold.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    guard let identifiers = checkedMarks(identifiers, verb: "reconfigure") else { return }
    reconfiguredItems.insert(contentsOf: identifiers)
  }

  // MARK: Shared steps

  @inlinable
  mutating func insertItems(_ identifiers: [ItemIdentifierType], anchor: ItemIdentifierType, after: Bool) {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      return recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
    }
    if identifiers.contains(anchor) { return recordMisuse(SnapshotMisuse.itemDestinationInserted(anchor)) }
    guard contains(item: anchor) else { return recordMisuse(SnapshotMisuse.notFound("section", "item", anchor)) }
    guard !identifiers.isEmpty else { return }
    var heldAlready: [Int32: Set<ItemIdentifierType>] = [:]
    withIndex { state in
      for item in identifiers {
        if let old = state.locations.removeValue(forKey: item) { heldAlready[old.slot, default: []].insert(item) }
      }
    }
    if !heldAlready.isEmpty { removeFromSections(heldAlready) }
    guard let anchorPath = indexPath(ofItem: anchor) else { return }
    let row = anchorPath.row + (after ? 1 : 0)
    let slot = sectionSlots[anchorPath.section]
    sectionItems[anchorPath.section].insert(contentsOf: identifiers, at: row)
    itemCount += identifiers.count
    withIndex { state in
      for (offset, item) in identifiers.enumerated() {
        state.locations[item] = ItemLocation(slot: slot, row: row + offset)
      }
      state.invalidateRows(from: row, slot: slot)
      state.sectionStarts = nil
    }
  }

  @inlinable
  mutating func moveItem(_ identifier: ItemIdentifierType, anchor: ItemIdentifierType, after: Bool) {
    guard identifier != anchor else { return recordMisuse(SnapshotMisuse.moveOntoItself("item", identifier)) }
    guard let from = indexPath(ofItem: identifier) else {
      return recordMisuse(SnapshotMisuse.notFound("fromIndex", "item", identifier))
    }
    guard contains(item: anchor) else { return recordMisuse(SnapshotMisuse.notFound("toIndex", "item", anchor)) }
    sectionItems[from.section].remove(at: from.row)
    let fromSlot = sectionSlots[from.section]
    withIndex { $0.invalidateRows(from: from.row, slot: fromSlot) }
    guard let to = indexPath(ofItem: anchor) else { return }
    let row = to.row + (after ? 1 : 0)
    let slot = sectionSlots[to.section]
    sectionItems[to.section].insert(identifier, at: row)
    withIndex { state in
      state.locations[identifier] = ItemLocation(slot: slot, row: row)
      state.invalidateRows(from: row, slot: slot)
      if from.section != to.section { state.sectionStarts = nil }
    }
  }

  /// The identifiers to mark, or nil after recording a misuse: one given twice, or one not held.
  @inlinable
  mutating func checkedMarks(_ identifiers: [ItemIdentifierType], verb: String) -> [ItemIdentifierType]? {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      recordMisuse(SnapshotMisuse.notUnique("item", duplicates: duplicates))
      return nil
    }
    let missing = identifiers.first { !contains(item: $0) }
    if let missing {
      recordMisuse(SnapshotMisuse.missing(verb, "item", missing))
      return nil
    }
    return identifiers
  }

  /// Appends items to a section of a snapshot that has only been appended to, noting their places.
  ///
  /// The places go to the snapshot's ``AppendedItemTable``. Returns false, having changed nothing, when it
  /// cannot: the snapshot has the general index or too many section slots, or an item is held already or given
  /// twice (the general path then moves the item or records the misuse, after building the general index from
  /// the items as they were).
  @inlinable
  mutating func appendToAppendedItems(_ identifiers: [ItemIdentifierType], at position: Int) -> Bool {
    let slot = sectionSlots[position]
    guard slot <= AppendedItemTable.maximumSlot else { return false }
    if !isKnownUniquelyReferenced(&index) { index = index.copy() }
    let start = sectionItems[position].count
    guard
      recordAppendedPlaces(of: identifiers, slot: slot, start: start, isLastSection: position == sectionItems.count - 1)
    else { return false }
    store(identifiers, appendedTo: position)
    return true
  }

  /// Adds appended items to a section's list and to the count (their places are the caller's to record).
  ///
  /// The first items of a section share the caller's storage: copying 100,000 identifiers that hold objects
  /// touches each object.
  @inlinable
  mutating func store(_ identifiers: [ItemIdentifierType], appendedTo position: Int) {
    if sectionItems[position].isEmpty {
      sectionItems[position] = identifiers
    } else {
      sectionItems[position].append(contentsOf: identifiers)
    }
    itemCount += identifiers.count
  }

  /// The index work of ``appendToAppendedItems(_:at:)``: records the places of `identifiers`, appended at
  /// `start` to the section with `slot`; false if the snapshot has the general index, or if one of them is
  /// held already or given twice (then it builds the general index from the items as they were).
  ///
  /// A function of its own so that its copies of the snapshot's arrays are gone before the caller appends.
  @inlinable
  func recordAppendedPlaces(
    of identifiers: [ItemIdentifierType], slot: Int32, start: Int, isLastSection: Bool
  ) -> Bool {
    let sectionItems = sectionItems
    let sectionSlots = sectionSlots
    let slotPositions = slotPositions
    let total = itemCount + identifiers.count
    return index.withState { state -> Bool in
      guard var table = state.appended else { return false }
      // Taken out while it changes, so that its entries are not copied.
      state.appended = nil
      if !table.hasRoom(for: total) {
        table = .empty(forRoomFor: total)
        for (position, items) in sectionItems.enumerated() {
          for (row, item) in items.enumerated() {
            table.insert(hash: AppendedItemTable.hash(of: item), slot: sectionSlots[position], row: row)
          }
        }
      }
      for (offset, item) in identifiers.enumerated() {
        let hash = AppendedItemTable.hash(of: item)
        let found = table.place(of: item, hash: hash) { itemSlot, row in
          itemSlot == slot && row >= start ? identifiers[row - start] : sectionItems[slotPositions[Int(itemSlot)]][row]
        }
        guard found == nil else {
          state.materializeLocations(sectionItems: sectionItems, sectionSlots: sectionSlots)
          return false
        }
        table.insert(hash: hash, slot: slot, row: start + offset)
      }
      state.appended = table
      state.validRows[Int(slot)] = start + identifiers.count
      if !isLastSection { state.sectionStarts = nil }
      return true
    }
  }

  /// Corrects the stale rows of a section, so that every row of it in the index is right.
  @inlinable
  mutating func correctRows(ofSectionAt position: Int) {
    let slot = sectionSlots[position]
    let items = sectionItems[position]
    withIndex { $0.correctRows(slot: slot, sectionItems: items) }
  }

  /// Takes items out of their sections' item lists (their locations are the caller's to update): for each
  /// section slot, the items to remove.
  @inlinable
  mutating func removeFromSections(_ removed: [Int32: Set<ItemIdentifierType>]) {
    for (slot, items) in removed {
      let position = slotPositions[Int(slot)]
      var firstRemoved = -1
      var kept: [ItemIdentifierType] = []
      kept.reserveCapacity(sectionItems[position].count - items.count)
      for (row, item) in sectionItems[position].enumerated() {
        if items.contains(item) {
          if firstRemoved < 0 { firstRemoved = row }
        } else {
          kept.append(item)
        }
      }
      sectionItems[position] = kept
      itemCount -= items.count
      withIndex { $0.invalidateRows(from: max(0, firstRemoved), slot: slot) }
    }
    if !removed.isEmpty { withIndex { $0.sectionStarts = nil } }
  }
}
