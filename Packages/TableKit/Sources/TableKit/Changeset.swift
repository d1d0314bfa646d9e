import Foundation

/// The changes that turn one snapshot of sections into another, in the coordinates a batch update accepts:
/// deletes and reloads as the rows were before, inserts as they are after, moves from before to after.
///
/// Compute one with ``difference(from:to:)`` and apply it with ``TableView/apply(_:completion:)``.
public struct Changeset: Hashable, Sendable {
  /// A section that moved.
  public struct SectionMove: Hashable, Sendable {
    /// Where it was before.
    public var from: Int
    /// Where it is after.
    public var to: Int

    /// Creates a move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// A row that moved.
  public struct RowMove: Hashable, Sendable {
    /// Where it was before.
    public var from: IndexPath
    /// Where it is after.
    public var to: IndexPath

    /// Creates a move.
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }
  }

  /// Sections that are gone, as they were before.
  public var sectionDeletes = IndexSet()
  /// Sections that are new, as they are after.
  public var sectionInserts = IndexSet()
  /// Sections kept whose position changed relative to the others.
  public var sectionMoves: [SectionMove] = []
  /// Rows that are gone (outside deleted sections), as they were before.
  public var rowDeletes: [IndexPath] = []
  /// Rows that are new (outside inserted sections), as they are after.
  public var rowInserts: [IndexPath] = []
  /// Rows kept whose position changed relative to the others.
  public var rowMoves: [RowMove] = []
  /// Rows kept in place whose content changed, as they were before.
  public var rowReloads: [IndexPath] = []

  /// Creates an empty changeset.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && rowDeletes.isEmpty
      && rowInserts.isEmpty && rowMoves.isEmpty && rowReloads.isEmpty
  }
}

extension TableView {
  /// Applies a changeset in one batch update; the data source must already answer with the new snapshot.
  ///
  /// Throws what ``performBatchUpdates(_:completion:)`` throws when the changeset does not match the data
  /// source (after resynchronising).
  public func apply(_ changeset: Changeset, completion: ((Bool) -> Void)? = nil) throws {
    try performBatchUpdates(
      { [self] in
        deleteSections(changeset.sectionDeletes, with: .automatic)
        insertSections(changeset.sectionInserts, with: .automatic)
        for move in changeset.sectionMoves { moveSection(move.from, toSection: move.to) }
        deleteRows(at: changeset.rowDeletes, with: .automatic)
        insertRows(at: changeset.rowInserts, with: .automatic)
        for move in changeset.rowMoves { moveRow(at: move.from, to: move.to) }
        reloadRows(at: changeset.rowReloads, with: .automatic)
      }, completion: completion)
  }
}
