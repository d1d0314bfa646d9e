import CollectionKit

extension CollectionViewCompositionalLayout {
  /// How many item slots the layout's queries have looked at since it was created: a query looks at the groups
  /// that may meet its rectangle, so a test can check that its cost follows what is visible, not the item count.
  public var examinedItemCount: Int { itemsExamined }

  /// How many times the layout has been prepared (each invalidation prepares it once, before the next query).
  public var preparationCount: Int { preparations }
}
