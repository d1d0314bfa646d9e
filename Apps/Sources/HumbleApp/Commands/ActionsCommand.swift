import HumbleSupport

extension CommandDeclaration {
  /// `actions <row>`: the row's edit actions.
  static let actions = CommandDeclaration.row("actions", "the row's edit actions", example: "actions 1") {
    .actions($0)
  }
}

extension Session {
  /// The titles of the edit actions the table offers for a row.
  func listActions(at address: RowAddress, on screen: ArtistScreenController) -> CommandOutput {
    guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let titles = screen.table.editActions(forRowAt: indexPath).compactMap(\.title)
    var output = CommandOutput.lines(titles.isEmpty ? ["Row \(screen.number(of: indexPath)) has no actions."] : titles)
    output.document["actions"] = .array(titles.map(JSONValue.string))
    output.document["row"] = .int(screen.number(of: indexPath))
    return output
  }
}
