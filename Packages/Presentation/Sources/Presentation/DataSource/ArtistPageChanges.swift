/// What changed on a page between two of its data source's revisions, row by row: which rows' cell models
/// changed, which rows came and went, and whether the rows that stayed changed order.
///
/// The data source knows each of these as it makes the change, so a screen never works them out again: it
/// applies the rows that came, went or moved as a diff of row keys (a diffable data source's snapshot) and
/// reconfigures exactly ``changedRows`` in place. A screen on UIKit binds it the same way, with no diff logic of
/// its own.
///
/// Rows are named by their ``RowKey``. A row is in at most one of ``changedRows``, ``insertedRows`` and
/// ``removedRows``: a row that came needs no reconfiguring, and one that went has nothing to show.
public struct ArtistPageChanges: Hashable, Sendable {
  /// Rows on the page before and after whose cell model changed (a download's progress, a favourite, the
  /// track playing, a track or playlist the catalog answered differently).
  public var changedRows: Set<RowKey>
  /// Rows on the page after that were not on it before.
  public var insertedRows: Set<RowKey>
  /// Rows on the page before that are not on it after.
  public var removedRows: Set<RowKey>
  /// Whether the rows on the page both before and after are in another order (a sort, a favourite pinned
  /// first).
  public var orderChanged: Bool

  /// Changes of these rows.
  public init(
    changedRows: Set<RowKey> = [], insertedRows: Set<RowKey> = [], removedRows: Set<RowKey> = [],
    orderChanged: Bool = false
  ) {
    self.changedRows = changedRows
    self.insertedRows = insertedRows
    self.removedRows = removedRows
    self.orderChanged = orderChanged
  }

  /// Whether no row changed, came, went or moved (the page's state or loading progress may still have).
  public var isEmpty: Bool {
    changedRows.isEmpty && insertedRows.isEmpty && removedRows.isEmpty && !orderChanged
  }

  /// Whether only cell models changed: every row is where it was, and a screen reconfigures ``changedRows``
  /// without diffing its rows.
  public var keepsRowsInPlace: Bool {
    insertedRows.isEmpty && removedRows.isEmpty && !orderChanged
  }

  /// These changes followed by `later` ones, as one step from before these to after those.
  ///
  /// A row that came and then went was never there; one that went and came back is there at both ends, marked
  /// changed (its model may differ) and, as it may have come back elsewhere, with the order changed.
  public func followed(by later: ArtistPageChanges) -> ArtistPageChanges {
    if isEmpty { return later }
    if later.isEmpty { return self }
    let wentAndCameBack = removedRows.intersection(later.insertedRows)
    let inserted = insertedRows.subtracting(later.removedRows).union(later.insertedRows.subtracting(wentAndCameBack))
    let removed = removedRows.subtracting(later.insertedRows).union(
      later.removedRows.subtracting(insertedRows))
    let changed = changedRows.union(later.changedRows).union(wentAndCameBack).subtracting(inserted)
      .subtracting(removed)
    return ArtistPageChanges(
      changedRows: changed, insertedRows: inserted, removedRows: removed,
      orderChanged: orderChanged || later.orderChanged || !wentAndCameBack.isEmpty)
  }
}
