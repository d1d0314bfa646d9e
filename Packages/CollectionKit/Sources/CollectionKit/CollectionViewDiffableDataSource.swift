import Foundation
import ListCore

/// A data source that shows ``DiffableDataSourceSnapshot``s, as `UICollectionViewDiffableDataSource` does:
/// applying a snapshot diffs it against the one shown and updates the collection view in one checked batch update.
///
/// It makes itself its collection view's ``CollectionView/dataSource`` (which holds it weakly, as UIKit's does:
/// keep a reference). Applying never crashes: a snapshot that recorded a misuse, or an update the collection view
/// refuses, throws a ``CollectionViewError`` and leaves the collection view and ``snapshot()`` as they were.
@MainActor
open class CollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: CollectionViewDataSource {
  /// Makes the cell for an item: usually dequeues a configured cell for it.
  ///
  /// A nil answer shows no cell there and records ``CollectionView/lastDisplayError`` (UIKit raises).
  public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
  /// Makes a supplementary view of a kind at an index path: usually dequeues a configured one.
  public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?

  @usableFromInline final weak var collectionView: CollectionView?
  final let cellProvider: CellProvider
  /// The snapshot shown, without reload and reconfigure marks; changing it forgets ``currentSections``.
  @usableFromInline final var currentSnapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
  {
    didSet { currentSections = nil }
  }
  /// The shown snapshot in the form the diff takes, kept from the last diff; nil when the shown snapshot changed
  /// otherwise, until the next diff needs it.
  @usableFromInline final var currentSections:
    [DiffableSection<SectionIdentifierType, IdentifiedItem<ItemIdentifierType>>]? = []
  @usableFromInline final var isApplying = false
  /// The outlines applied to sections (see ``snapshot(for:)``); a section without one is flat.
  final var sectionOutlines: [SectionIdentifierType: DiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]
  /// The reordering the collection view is ending, told to `didReorder` once the view shows it.
  final var pendingReorder: DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>?

  /// What a tap on an outline disclosure asks and tells (``CollectionView/handleOutlineDisclosureTap(at:)``).
  public final var sectionSnapshotHandlers = SectionSnapshotHandlers()
  /// Whether the user may move items and what they are told when one moves; with no `canReorderItem`, no item
  /// moves.
  public final var reorderingHandlers = ReorderingHandlers()

  /// Makes the section headers, footers and other supplementary views; with none, the collection view shows no
  /// supplementary view and records the misuse (UIKit raises).
  public final var supplementaryViewProvider: SupplementaryViewProvider?

  /// Creates a data source for a collection view and makes it the collection view's data source.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  // MARK: Snapshots

  /// A copy of the snapshot the collection view shows (without reload or reconfigure marks).
  public final func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    currentSnapshot
  }

  /// The item at an index path of the shown snapshot, or nil.
  public final func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    currentSnapshot.itemIdentifier(at: indexPath)
  }

  /// The index path of an item in the shown snapshot, or nil.
  public final func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    currentSnapshot.indexPath(ofItem: itemIdentifier)
  }

  /// The section at an index of the shown snapshot, or nil.
  public final func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    currentSnapshot.sectionIdentifier(at: index)
  }

  /// The index of a section in the shown snapshot, or nil.
  public final func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    currentSnapshot.indexOfSection(sectionIdentifier)
  }

  // MARK: CollectionViewDataSource

  /// The number of sections of the shown snapshot.
  public final func numberOfSections(in collectionView: CollectionView) -> Int {
    currentSnapshot.numberOfSections
  }

  /// The number of items in a section of the shown snapshot.
  public final func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    currentSnapshot.numberOfItems(inSectionAt: section)
  }

  /// The cell the cell provider makes for the item; a cell that is not displayed when it makes none.
  public final func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
      return CollectionViewCell(frame: .zero)
    }
    return cell
  }

  /// The view the supplementary view provider makes; none (a misuse, recorded) without a provider.
  public final func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    supplementaryViewProvider?(collectionView, kind, indexPath)
      ?? collectionView.missingSupplementaryView(ofKind: kind, at: indexPath)
  }
}
