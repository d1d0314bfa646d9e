import Foundation

/// The changes that turn one snapshot of sections into another, in the coordinates a batch update accepts:
/// deletes and reloads as the rows were before, inserts as they are after, moves from before to after.
///
/// Compute one with ``difference(from:to:)-([DiffableSection<SectionID,Item>],_)`` and apply it to a view in one batch update (TableKit's
/// `TableView.apply(_:completion:)`). A row is a table's row or a collection view's item.
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
