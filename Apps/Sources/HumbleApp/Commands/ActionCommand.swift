import Presentation

extension CommandDeclaration {
  /// `action <title> <row>`: perform one of the row's edit actions through the table view.
  static let action = CommandDeclaration(
    name: "action", usage: "action <title> <row>", summary: "perform one of the row's edit actions",
    example: "action Favourite 1", needsPage: true, completion: .actionTitles,
    samples: ["Download", "cancel download", "Favourite", "Unfavourite", "Fly", ""].map { "\($0) \(rowPlaceholder)" }
  ) { arguments throws(CommandError) in
    guard arguments.words.count >= 2, let last = arguments.words.last else {
      throw CommandError("action: missing title or row (usage: action <title> <row>)")
    }
    return .action(
      title: arguments.words.dropLast().joined(separator: " "),
      row: try CommandParser.address(last, for: arguments.name))
  }
}

extension Session {
  /// Performs the row's edit action with this title, through the table as a swipe would.
  func performAction(titled title: String, at address: RowAddress, on screen: ArtistScreenController) async
    -> CommandOutput
  {
    await perform(TrackAction(title: title).map { [$0] } ?? [], named: title, at: address, on: screen)
  }

  /// Performs the first of `wanted` that the row offers (the `download`, `favourite` and `unfavourite` commands),
  /// through the table as a swipe would; the error names the first when the row offers none of them.
  func perform(_ wanted: [TrackAction], at address: RowAddress, on screen: ArtistScreenController) async
    -> CommandOutput
  {
    await perform(wanted, named: wanted.first?.title ?? "", at: address, on: screen)
  }

  /// Performs the first of `wanted` that the row offers, through the table as a swipe would; `name` is what
  /// the error says was asked for when the row offers none of them.
  func perform(
    _ wanted: [TrackAction], named name: String, at address: RowAddress, on screen: ArtistScreenController
  ) async -> CommandOutput {
    guard let indexPath = screen.indexPath(for: address) else { return .failure(noRow(address)) }
    let offered = screen.table.editActions(forRowAt: indexPath)
    guard let chosen = offered.first(where: { action in wanted.contains { $0.title == action.title } }) else {
      let titles = offered.compactMap(\.title)
      let list = titles.isEmpty ? "none" : titles.joined(separator: ", ")
      return .failure(
        "Row \(screen.number(of: indexPath)) does not offer \(TerminalText.quoted(name)) (it offers: \(list)).")
    }
    screen.table.handleEditAction(chosen, forRowAt: indexPath)
    await screen.finishPerformedActions()
    if let error = screen.takeActionErrors().first { return .failure(error) }
    return pageOutput()
  }
}
