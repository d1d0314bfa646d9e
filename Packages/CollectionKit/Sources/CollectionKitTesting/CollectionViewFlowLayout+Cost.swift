import CollectionKit

extension CollectionViewFlowLayout {
  /// How many items the layout's queries have looked at since it was created: a uniform grid's query looks at
  /// about what it returns, so a test can check that a query's cost follows what is visible, not the item count.
  public var examinedItemCount: Int { itemsExamined }

  /// How many item sizes the layout has measured (asked of its delegate or not) since it was created.
  public var measuredItemCount: Int { itemsMeasured }
}
