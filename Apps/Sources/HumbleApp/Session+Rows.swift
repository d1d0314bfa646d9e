// The one-line errors for a row that is not on the open page, which every command naming a row gives, and for a
// command that works on tracks only, given on a grid.
extension Session {
  func noRow(_ address: RowAddress) -> String {
    let count = screen?.rowCount ?? 0
    switch address {
    case .row(let row): return "There is no row \(row): the page has \(count) rows."
    case .sectionRow(let section, let row):
      return "There is no row \(section).\(row): the page has \(screen?.snapshot.sections.count ?? 0) sections."
    }
  }

  /// What a command that works on a page of tracks only says on a grid.
  static func onlyOnTracks(_ command: CommandDeclaration) -> String {
    "'\(command.name)' works on a page of tracks; this page is a grid of posters."
  }
}
