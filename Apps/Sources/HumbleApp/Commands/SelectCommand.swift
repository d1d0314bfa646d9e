extension CommandDeclaration {
  /// `select <row>`: tap a row.
  static let select = CommandDeclaration.row(
    "select", usage: "select <row> | select <section>.<row>", "tap a row: play a track, open a playlist or artist",
    example: "select 2"
  ) { .select($0) }
}

extension Session {
  /// Taps a row through the table's interaction path; a row that leads to another page opens it.
  func select(_ address: RowAddress, on screen: ArtistScreenController) async -> CommandOutput {
    guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    screen.table.handleTap(at: indexPath)
    if let destination = requestedOpen {
      requestedOpen = nil
      return await follow(destination)
    }
    return pageOutput()
  }
}
