import Foundation

extension Changeset {
  /// Adds the rows of reloaded items to the changes from one snapshot to another (the diff of their
  /// ``DiffableDataSourceSnapshot/diffableSections()``): a row that stays is reloaded; one that moves is deleted
  /// and inserted instead (a batch update cannot both move and reload a row).
  ///
  /// Items in a deleted section, and items deleted already, are left as they are: they get new cells anyway.
  public mutating func addReloads<SectionID, ItemID>(
    of items: Set<ItemID>,
    from old: DiffableDataSourceSnapshot<SectionID, ItemID>,
    to new: DiffableDataSourceSnapshot<SectionID, ItemID>
  ) {
    var moveFrom: [IndexPath: Int] = [:]
    for (index, move) in rowMoves.enumerated() { moveFrom[move.from] = index }
    let deleted = Set(rowDeletes)
    var movesToDrop = Set<Int>()
    for item in items {
      guard let oldPath = old.indexPath(ofItem: item), let newPath = new.indexPath(ofItem: item),
        !sectionDeletes.contains(oldPath.section)
      else { continue }
      if let move = moveFrom[oldPath] {
        movesToDrop.insert(move)
        rowDeletes.append(oldPath)
        rowInserts.append(newPath)
      } else if !deleted.contains(oldPath) {
        rowReloads.append(oldPath)
      }
    }
    if !movesToDrop.isEmpty {
      rowMoves = rowMoves.indices.filter { !movesToDrop.contains($0) }.map { rowMoves[$0] }
    }
  }
}
