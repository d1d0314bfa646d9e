// The one-line error for a row that is not on the open page, which every command naming a row gives.
extension Session {
  func noRow(_ address: RowAddress) -> String {
    let count = screen?.rowCount ?? 0
    switch address {
    case .row(let row): return "There is no row \(row): the page has \(count) rows."
    case .sectionRow(let section, let row):
      return "There is no row \(section).\(row): the page has \(screen?.snapshot.sections.count ?? 0) sections."
    }
  }
}
