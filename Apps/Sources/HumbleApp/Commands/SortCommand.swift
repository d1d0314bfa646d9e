import Presentation

extension CommandDeclaration {
  /// The sort mode names `sort` accepts, in the order help lists them.
  public static let sortModes: [(name: String, mode: TrackSortMode)] = [
    ("catalog", .catalogOrder), ("alphabetical", .alphabeticalAscending), ("reverse", .alphabeticalDescending),
    ("popular", .mostPopular), ("newest", .newest), ("longest", .longest), ("shortest", .shortest),
  ]

  /// `sort <mode>`: order the tracks.
  static let sort = CommandDeclaration(
    name: "sort", usage: "sort <\(sortModes.map(\.name).joined(separator: "|"))>", summary: "order the tracks",
    example: "sort popular", needsPage: true, completion: .words(sortModes.map(\.name)),
    samples: sortModes.map(\.name) + ["up", ""]
  ) { arguments throws(CommandError) in
    let argument = arguments.text
    guard let mode = sortModes.first(where: { $0.name == argument.lowercased() })?.mode else {
      let names = sortModes.map(\.name).joined(separator: "|")
      throw CommandError(
        argument.isEmpty
          ? "sort: missing sort mode (usage: sort <\(names)>)"
          : "sort: unknown sort mode \(TerminalText.quoted(argument)) (use \(names))")
    }
    return .sort(mode)
  }
}

extension Session {
  /// Orders the open page's tracks; the table reloads its rows in the new order, keeping the selection.
  func sort(by mode: TrackSortMode, on screen: ArtistScreenController) -> CommandOutput {
    screen.dataSource.sortMode = mode
    screen.showReordered(screen.dataSource.snapshot)
    return pageOutput()
  }
}
