import TableKit

extension TableView {
  /// How many cells the table view has created: with reuse it stays near the number of visible rows, so a test
  /// can check that a screen reuses its cells.
  public var createdCellCount: Int { cellsCreated }

  /// How many cells wait in the reuse pool; with ``TableView/visibleCells``, every cell the table created.
  public var reusableCellCount: Int { cellsInReusePool }
}
