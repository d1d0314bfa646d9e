import Foundation

/// What a user's reordering changed, as `NSDiffableDataSourceTransaction`: the snapshots before and after, and
/// the difference between their items.
///
/// A diffable data source hands one to its reordering handlers' `willReorder` (before its snapshot changes) and
/// `didReorder` (after).
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The snapshot before the reordering.
  public let initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The snapshot after it.
  public let finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The change from the initial snapshot's items to the final one's, all sections' items in order, with moves
  /// inferred.
  public let difference: CollectionDifference<ItemIdentifierType>
  /// A transaction for each section whose items changed, in the final snapshot's section order.
  public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// A transaction from one snapshot to another: the difference and the section transactions are worked out,
  /// each section's outline being its items at the top level.
  public init(
    initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    difference = finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers).inferringMoves()
    sectionTransactions = finalSnapshot.sectionIdentifiers.compactMap { section in
      let before = initialSnapshot.itemIdentifiers(inSection: section)
      let after = finalSnapshot.itemIdentifiers(inSection: section)
      guard before != after else { return nil }
      var initial = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      initial.append(before)
      var final = DiffableDataSourceSectionSnapshot<ItemIdentifierType>()
      final.append(after)
      return DiffableDataSourceSectionTransaction(
        sectionIdentifier: section, initialSnapshot: initial, finalSnapshot: final,
        difference: after.difference(from: before).inferringMoves())
    }
  }
}

/// What a reordering changed in one section, as `NSDiffableDataSourceSectionTransaction`.
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's outline before the reordering.
  public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The section's outline after it.
  public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The change from the section's items before to its items after, with moves inferred.
  public let difference: CollectionDifference<ItemIdentifierType>
}
