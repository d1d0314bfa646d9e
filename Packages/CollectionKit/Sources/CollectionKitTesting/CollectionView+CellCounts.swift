import CollectionKit

extension CollectionView {
  /// How many cells and supplementary views the collection view has created: with reuse it stays near the
  /// number of visible elements, so a test can check that a screen reuses its cells.
  public var createdViewCount: Int { viewsCreated }

  /// How many cells wait in the reuse pool; with ``CollectionKit/CollectionView/visibleCells``, every cell
  /// created.
  public var reusableCellCount: Int { cellsInReusePool }
}
