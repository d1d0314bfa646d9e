import Foundation

extension FlatSnapshot {
  /// A new row matched to an old one.
  @usableFromInline
  struct MatchedRow {
    /// The old row's flat index.
    @usableFromInline var flat: Int
    /// The new row.
    @usableFromInline var row: Int
    /// Whether the item's value changed.
    @usableFromInline var isChanged: Bool

    @inlinable
    init(flat: Int, row: Int, isChanged: Bool) {
      self.flat = flat
      self.row = row
      self.isChanged = isChanged
    }
  }

  /// Matches the new items at `rows` of a kept section to old rows listed in `positions`, each old row to one new
  /// item at most: the rows matched, in new order, and the rows left over, which are inserted.
  @inlinable
  mutating func match(
    _ rows: Range<Int>, of items: [Item], inSection section: Int, using positions: OldPositions<Item.ID>
  ) -> (matched: [MatchedRow], inserted: [Int]) {
    var matched: [MatchedRow] = []
    matched.reserveCapacity(rows.count)
    var inserted: [Int] = []
    // An item that kept its neighbour is found without hashing: the old row after the last one matched is tried
    // first.
    var guess = -1
    for row in rows {
      guard let match = positions.row(matching: items[row], guess: guess, in: self),
        self.match(match.flat, toRow: row, section: section)
      else {
        inserted.append(row)
        continue
      }
      matched.append(MatchedRow(flat: match.flat, row: row, isChanged: match.isChanged))
      guess = match.flat + 1
    }
    return (matched, inserted)
  }

  /// Which of the new rows `rows` of `section` stay, indexed from the range's start.
  ///
  /// Of the items matched from the same section's old rows `oldRows`, the longest run in old order whose new rows
  /// increase stays; every other matched item moves.
  @inlinable
  func stayingRows(of rows: Range<Int>, inSection section: Int, from oldRows: Range<Int>, of oldSection: Int)
    -> [Bool]
  {
    var candidateRows: [Int] = []
    for flat in starts[oldSection] + oldRows.lowerBound..<starts[oldSection] + oldRows.upperBound
    where newPlaces[flat].section == section {
      candidateRows.append(Int(newPlaces[flat].row))
    }
    var stays = [Bool](repeating: false, count: rows.count)
    for index in Changeset.longestIncreasingRun(candidateRows) { stays[candidateRows[index] - rows.lowerBound] = true }
    return stays
  }
}
