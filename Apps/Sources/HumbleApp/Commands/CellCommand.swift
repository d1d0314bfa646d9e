import Foundation

extension CommandDeclaration {
  /// `cell <row>`: the cell model bound to a row (or a poster and its artwork's state), field by field.
  static let cell = CommandDeclaration.row(
    "cell", "the cell model bound to a row (or a poster, with its artwork's state), field by field",
    example: "cell 1"
  ) { .cell($0) }
}

extension Session {
  /// The cell model bound to a row, field by field.
  func describeCell(at address: RowAddress, on screen: ArtistScreenController) -> CommandOutput {
    guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let row = screen.snapshot.sections[indexPath.section].rows[indexPath.row]
    var output = CommandOutput.lines(CellDescription.lines(for: row))
    output.document["cell"] = CellDescription.json(for: row)
    output.document["row"] = .int(screen.number(of: indexPath))
    return output
  }
}

extension Session {
  /// A poster's fields and where its artwork stands: `loading`, `shown 256×256`, `failed: <reason>`, `none` (no
  /// artwork URL) or `off screen` (no displayed cell asks for it).
  func describePoster(at address: RowAddress, on grid: PosterGridController) -> CommandOutput {
    fit(grid)
    guard let index = posterIndex(address, in: grid),
      let item = grid.collectionDataSource.itemIdentifier(for: IndexPath(item: index, section: 0)),
      let model = grid.posters.models[item]
    else { return .failure(noPoster(address, in: grid)) }
    // A poster without artwork has none to load, on screen or off.
    let state = model.artworkURL == nil ? .placeholder : grid.cell(at: index)?.artworkState
    var output = CommandOutput.lines(PosterDescription.lines(for: model, number: index + 1, state: state))
    output.document["cell"] = PosterDescription.json(for: model, state: state)
    output.document["poster"] = .int(index + 1)
    return output
  }
}
