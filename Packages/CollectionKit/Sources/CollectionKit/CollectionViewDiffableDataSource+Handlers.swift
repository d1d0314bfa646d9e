import Foundation
import ListCore

extension CollectionViewDiffableDataSource {
  /// What a tap on an outline disclosure asks and tells, as `UICollectionViewDiffableDataSource`'s
  /// `SectionSnapshotHandlers`: every closure is optional.
  public struct SectionSnapshotHandlers {
    /// Whether a collapsed item may expand; true when nil.
    public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
    /// An item is about to expand.
    public var willExpandItem: ((ItemIdentifierType) -> Void)?
    /// Whether an expanded item may collapse; true when nil.
    public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
    /// An item is about to collapse.
    public var willCollapseItem: ((ItemIdentifierType) -> Void)?
    /// The children an expanding item gets, given the item and its current children (an outline whose top level
    /// they are); nil keeps its children.
    ///
    /// What it answers replaces the item's descendants
    /// (``DiffableDataSourceSectionSnapshot/replace(childrenOf:using:)``) before the item expands: children can be
    /// loaded when first shown. An item without children has a disclosure when this is set.
    public var snapshotForExpandingParent:
      (
        (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>)
          -> DiffableDataSourceSectionSnapshot<ItemIdentifierType>
      )?

    /// Handlers that allow everything and are told nothing.
    public init() {}
  }

  /// Whether the user may move items and what they are told when one moves, as
  /// `UICollectionViewDiffableDataSource`'s `ReorderingHandlers`.
  public struct ReorderingHandlers {
    /// Whether the user may move an item; when nil, no item moves.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// An item is about to move: the data source's snapshot is still the transaction's initial one.
    public var willReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    /// An item moved: the data source's snapshot and the collection view show the transaction's final one.
    public var didReorder: ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    /// Handlers that let no item move.
    public init() {}
  }
}
