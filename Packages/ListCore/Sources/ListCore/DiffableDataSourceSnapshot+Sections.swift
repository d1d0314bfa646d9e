import Foundation

extension DiffableDataSourceSnapshot {
  /// Appends empty sections.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, a section the snapshot
  /// holds already.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    guard checkNewSections(identifiers, anchor: nil) else { return }
    addSections(identifiers, at: sectionIDs.count)
  }

  /// Inserts empty sections just before a section.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, the anchor among the
  /// sections inserted, an anchor the snapshot does not hold, a section the snapshot holds already.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
  ) {
    guard checkNewSections(identifiers, anchor: toIdentifier), let position = position(ofSection: toIdentifier)
    else { return }
    addSections(identifiers, at: position)
  }

  /// Inserts empty sections just after a section.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, the anchor among the
  /// sections inserted, an anchor the snapshot does not hold, a section the snapshot holds already.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
  ) {
    guard checkNewSections(identifiers, anchor: toIdentifier), let position = position(ofSection: toIdentifier)
    else { return }
    addSections(identifiers, at: position + 1)
  }

  /// Deletes sections with their items; identifiers the snapshot does not hold are ignored, as UIKit
  /// ignores them.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice.
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      return recordMisuse(SnapshotMisuse.notUnique("section", duplicates: duplicates))
    }
    let positions = Set(identifiers.compactMap { position(ofSection: $0) })
    guard let first = positions.min() else { return }
    let removedItems = positions.map { sectionItems[$0] }
    withIndex { state in
      for items in removedItems {
        for item in items { state.locations.removeValue(forKey: item) }
      }
      state.sectionStarts = nil
    }
    for position in positions {
      itemCount -= sectionItems[position].count
      let slot = sectionSlots[position]
      slotPositions[Int(slot)] = -1
      freeSlots.append(slot)
      slotOfSection[sectionIDs[position]] = nil
    }
    let kept = sectionIDs.indices.filter { !positions.contains($0) }
    sectionIDs = kept.map { sectionIDs[$0] }
    sectionItems = kept.map { sectionItems[$0] }
    sectionSlots = kept.map { sectionSlots[$0] }
    renumberSections(from: first)
  }

  /// Moves a section just before another one.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: a section moved relative to itself, a section or
  /// an anchor the snapshot does not hold.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
  ) {
    moveSection(identifier, anchor: toIdentifier, after: false)
  }

  /// Moves a section just after another one.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: a section moved relative to itself, a section or
  /// an anchor the snapshot does not hold.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
  ) {
    moveSection(identifier, anchor: toIdentifier, after: true)
  }

  /// Marks sections for reload: applying the snapshot gives every visible row of theirs a new cell, and
  /// reads their header and footer titles again.
  ///
  /// Recorded as misuse, leaving the snapshot as it was: an identifier given twice, a section the snapshot
  /// does not hold.
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      return recordMisuse(SnapshotMisuse.notUnique("section", duplicates: duplicates))
    }
    if let missing = identifiers.first(where: { slotOfSection[$0] == nil }) {
      return recordMisuse(SnapshotMisuse.missing("reload", "section", missing))
    }
    reloadedSections.insert(contentsOf: identifiers)
  }

  // MARK: Shared steps

  /// Whether new sections may be added (relative to `anchor`, if any); records the misuse if not.
  @inlinable
  mutating func checkNewSections(_ identifiers: [SectionIdentifierType], anchor: SectionIdentifierType?) -> Bool {
    if let duplicates = SnapshotMisuse.duplicates(in: identifiers) {
      recordMisuse(SnapshotMisuse.notUnique("section", duplicates: duplicates))
      return false
    }
    if let anchor {
      if identifiers.contains(anchor) {
        recordMisuse(SnapshotMisuse.sectionDestinationInserted(anchor))
        return false
      }
      if slotOfSection[anchor] == nil {
        recordMisuse(SnapshotMisuse.notFound("insertIndex", "section", anchor))
        return false
      }
    }
    let existing = identifiers.filter { slotOfSection[$0] != nil }
    if !existing.isEmpty {
      recordMisuse(SnapshotMisuse.sectionsExist(existing))
      return false
    }
    return true
  }

  /// Adds empty sections at a position.
  @inlinable
  mutating func addSections(_ identifiers: [SectionIdentifierType], at position: Int) {
    guard !identifiers.isEmpty else { return }
    var slots: [Int32] = []
    slots.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      let slot: Int32
      if let free = freeSlots.popLast() {
        slot = free
      } else {
        slot = Int32(truncatingIfNeeded: slotPositions.count)
        slotPositions.append(-1)
      }
      slotOfSection[identifier] = slot
      slots.append(slot)
    }
    let isAppend = position == sectionIDs.count
    sectionIDs.insert(contentsOf: identifiers, at: position)
    sectionItems.insert(contentsOf: repeatElement([], count: identifiers.count), at: position)
    sectionSlots.insert(contentsOf: slots, at: position)
    renumberSections(from: position)
    let slotCount = slotPositions.count
    let total = itemCount
    withSectionMarks { state in
      if state.validRows.count < slotCount {
        state.validRows.append(contentsOf: repeatElement(0, count: slotCount - state.validRows.count))
      }
      for slot in slots { state.validRows[Int(slot)] = 0 }
      if isAppend {
        state.sectionStarts?.append(contentsOf: repeatElement(total, count: slots.count))
      } else {
        state.sectionStarts = nil
      }
    }
  }

  @inlinable
  mutating func moveSection(_ identifier: SectionIdentifierType, anchor: SectionIdentifierType, after: Bool) {
    guard identifier != anchor else { return recordMisuse(SnapshotMisuse.moveOntoItself("section", identifier)) }
    guard let from = position(ofSection: identifier) else {
      return recordMisuse(SnapshotMisuse.notFound("fromSection", "section", identifier))
    }
    guard let anchorPosition = position(ofSection: anchor) else {
      return recordMisuse(SnapshotMisuse.notFound("toSection", "section", anchor))
    }
    let id = sectionIDs.remove(at: from)
    let items = sectionItems.remove(at: from)
    let slot = sectionSlots.remove(at: from)
    let to = (anchorPosition > from ? anchorPosition - 1 : anchorPosition) + (after ? 1 : 0)
    sectionIDs.insert(id, at: to)
    sectionItems.insert(items, at: to)
    sectionSlots.insert(slot, at: to)
    renumberSections(from: min(from, to))
    withSectionMarks { $0.sectionStarts = nil }
  }

  /// Brings the slots' positions up to date from a position on.
  @inlinable
  mutating func renumberSections(from position: Int) {
    for index in position..<sectionSlots.count { slotPositions[Int(sectionSlots[index])] = index }
  }
}
