import Foundation

extension DiffableDataSourceSnapshot {
  /// This snapshot with a section's items replaced by an outline's visible items: what a data source shows when
  /// a ``DiffableDataSourceSectionSnapshot`` is applied to that section.
  ///
  /// The result records a misuse (and holds this snapshot's items) for an outline that recorded one, for a
  /// section this snapshot does not hold ("Invalid parameter not satisfying: section != NSNotFound …"), and for
  /// visible items held by another section ("Supplied item identifiers are not unique. …"). Reload and
  /// reconfigure marks are dropped.
  public func replacingItems(
    inSection section: SectionIdentifierType,
    with sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) -> Self {
    var result = withoutMarks
    if let misuse = sectionSnapshot.recordedMisuse {
      result.recordMisuse(misuse.message)
      return result
    }
    guard let position = position(ofSection: section) else {
      result.recordMisuse(SnapshotMisuse.notFound("section", "section", section))
      return result
    }
    let visible = sectionSnapshot.visibleItems
    let elsewhere = visible.filter { item in
      sectionIdentifier(containingItem: item).map { $0 != section } ?? false
    }
    guard elsewhere.isEmpty else {
      result.recordMisuse(SnapshotMisuse.notUnique("item", duplicates: elsewhere))
      return result
    }
    result.deleteItems(sectionItems[position])
    result.appendItems(visible, toSection: section)
    return result
  }
}
