// What changed between revisions, row by row: recorded as the page changes, published with each snapshot and
// kept for the last revisions, so that a screen that skipped some still applies changes rather than comparing
// rows.

extension ArtistTableDataSource {
  /// How many revisions back ``changes(since:upTo:)`` can answer.
  public static let changeHistoryLength = PageChangeLog.capacity

  /// The row changes from revision `earlier` to revision `later` (the current one when nil), as one step; nil
  /// when the data source no longer knows them (`earlier` is more than ``changeHistoryLength`` revisions
  /// back) or the revisions are not in order or not yet published.
  ///
  /// A screen that shows every published snapshot in turn reads ``ArtistPageSnapshot/changes``; one that skips
  /// some (a command that shows ``snapshot`` at once while older ones are still on their way) asks here from the
  /// revision it shows. When the answer is nil it shows the snapshot by reloading its table's data: no diff,
  /// and still no comparing rows.
  public func changes(since earlier: Int, upTo later: Int? = nil) -> ArtistPageChanges? {
    let later = later ?? revision
    guard earlier <= later, later <= revision else { return nil }
    if earlier == later { return ArtistPageChanges() }
    return changeLog.changes(from: earlier, to: later)
  }

  /// Records the rows that came, went or moved between `old` (the sections shown before) and ``sections``, and
  /// keeps of the rows marked changed only those on the page at both ends.
  ///
  /// It costs one pass over both pages' keys, and nothing when the keys are the same storage and no model
  /// changed: rebuilding the rows costs more (a sort).
  func recordRowChanges(from old: [ArtistTableSection]) {
    let sameKeys =
      old.count == sections.count && zip(old, sections).allSatisfy { $0.id == $1.id && $0.rowKeys == $1.rowKeys }
    if sameKeys && pendingChanges.changedRows.isEmpty { return }
    // Where each key is: 1 on the old page, 2 on the new one, 3 on both. Keys are small numbers.
    var place = [UInt8](repeating: 0, count: nextRowKey)
    for section in old { for key in section.rowKeys { place[key.rawValue] |= 1 } }
    for section in sections { for key in section.rowKeys { place[key.rawValue] |= 2 } }
    var changes = pendingChanges
    changes.changedRows = changes.changedRows.filter { place[$0.rawValue] == 3 }
    if !sameKeys {
      var inserted: [RowKey] = []
      var kept: [RowKey] = []
      for section in sections {
        for key in section.rowKeys {
          if place[key.rawValue] == 3 { kept.append(key) } else { inserted.append(key) }
        }
      }
      var removed: [RowKey] = []
      var keptOrder = kept.makeIterator()
      var orderChanged = false
      for section in old {
        for key in section.rowKeys {
          if place[key.rawValue] == 3 {
            orderChanged = orderChanged || keptOrder.next() != key
          } else {
            removed.append(key)
          }
        }
      }
      changes.insertedRows.formUnion(inserted)
      changes.removedRows.formUnion(removed)
      changes.orderChanged = changes.orderChanged || orderChanged
    }
    pendingChanges = changes
  }
}

/// The row changes of a data source's last revisions: entry `i` takes the page from revision `start + i` to the
/// next one.
///
/// Bounded, so that a page that changes for hours keeps what a screen may still ask for and no more; merged only
/// when a screen asks across several revisions.
struct PageChangeLog {
  /// How many revisions the log keeps.
  static let capacity = 64

  /// The revision the first entry starts from.
  private(set) var start = 0
  private var entries: [ArtistPageChanges] = []

  /// Adds the changes of the next revision, dropping the oldest beyond ``capacity``.
  mutating func record(_ changes: ArtistPageChanges) {
    entries.append(changes)
    let dropped = entries.count - Self.capacity
    if dropped > 0 {
      entries.removeFirst(dropped)
      start += dropped
    }
  }

  /// The changes from revision `earlier` to `later` (`earlier <= later <= ` the last revision) merged, or nil
  /// when `earlier` is older than the log.
  func changes(from earlier: Int, to later: Int) -> ArtistPageChanges? {
    guard earlier >= start, later <= start + entries.count else { return nil }
    var merged = ArtistPageChanges()
    for entry in entries[(earlier - start)..<(later - start)] { merged = merged.followed(by: entry) }
    return merged
  }
}
