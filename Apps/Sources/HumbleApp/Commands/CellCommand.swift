extension CommandDeclaration {
  /// `cell <row>`: the cell model bound to a row, field by field.
  static let cell = CommandDeclaration.row("cell", "the cell model bound to a row, field by field", example: "cell 1") {
    .cell($0)
  }
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
