import Foundation

extension CommandDeclaration {
  /// `select <row>`: tap a row, or a grid's poster.
  static let select = CommandDeclaration.row(
    "select", usage: "select <row> | select <section>.<row>",
    "tap a row: play a track, open a playlist or artist; or a poster: open its page",
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

extension Session {
  /// Taps a poster (numbered as drawn) through the collection view's interaction path and opens the page of
  /// tracks it leads to: its playlist's or its release's (back returns to the grid).
  func select(_ address: RowAddress, on grid: PosterGridController) async -> CommandOutput {
    guard let index = posterIndex(address, in: grid) else { return .failure(noPoster(address, in: grid)) }
    grid.collectionView.handleTap(at: IndexPath(item: index, section: 0))
    guard let destination = requestedPosterOpen else { return pageOutput() }
    requestedPosterOpen = nil
    return await follow(destination)
  }
}
