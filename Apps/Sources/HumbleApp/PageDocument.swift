import HumbleSupport
import Presentation
import TableKit

/// The visible page as JSON: what `show` draws, for tools reading `--json` (a table's sections and rows, or a
/// grid's posters).
@MainActor
enum PageDocument {
  static func json(for screen: ArtistScreenController, title: String) -> JSONValue {
    let table = screen.table
    var sections: [JSONValue] = []
    var currentSection: Int?
    var rows: [JSONValue] = []
    func closeSection() {
      guard let section = currentSection else { return }
      sections.append(
        .object([
          "title": .optional(table.headerTitle(forSection: section)), "rows": .array(rows),
        ]))
      rows = []
    }
    for indexPath in table.indexPathsForVisibleRows ?? [] {
      if indexPath.section != currentSection {
        closeSection()
        currentSection = indexPath.section
      }
      let row = screen.snapshot.sections[indexPath.section].rows[indexPath.row]
      var playing = false
      if case .track(let track) = row { playing = track.isPlaying }
      rows.append(
        .object([
          "number": .int(screen.number(of: indexPath)),
          "selected": .bool(table.indexPathsForSelectedRows?.contains(indexPath) == true),
          "playing": .bool(playing),
          "cell": CellDescription.json(for: row),
        ]))
    }
    closeSection()
    let sortName = CommandParser.sortModes.first { $0.mode == screen.dataSource.sortMode }?.name ?? "catalog"
    let state: String
    switch screen.dataSource.state {
    case .idle: state = "idle"
    case .loading: state = "loading"
    case .loaded: state = "loaded"
    case .failed: state = "failed"
    }
    return .object([
      "title": .string(title),
      "state": .string(state),
      "sort": .string(sortName),
      "tracks": .object([
        "loaded": .int(screen.dataSource.trackLoading.loadedCount),
        "total": screen.dataSource.trackLoading.totalCount.map(JSONValue.int) ?? .null,
        "loading": .bool(screen.dataSource.trackLoading.isInProgress),
        "text": .optional(screen.dataSource.trackLoadingText),
      ]),
      "rowCount": .int(screen.rowCount),
      "selectedRows": .array((table.indexPathsForSelectedRows ?? []).map { .int(screen.number(of: $0)) }),
      "nowPlaying": .optional(screen.nowPlaying?.rawValue),
      "sections": .array(sections),
    ])
  }

  /// A grid page: its kind (`grid`, and which grid), title, state, how many posters it has and how many a line
  /// holds, and each visible poster with its number (as drawn and as `select` takes it), fields and artwork state.
  static func json(for grid: PosterGridController, kind: PosterGridKind, title: String) -> JSONValue {
    let posters = grid.visibleIndexes.compactMap { index -> JSONValue? in
      guard let cell = grid.cell(at: index), let model = cell.model,
        case .object(var fields) = PosterDescription.json(for: model, state: cell.artworkState)
      else { return nil }
      fields["number"] = .int(index + 1)
      return .object(fields)
    }
    let state: String
    switch grid.dataSource.state {
    case .idle: state = "idle"
    case .loading: state = "loading"
    case .loaded: state = "loaded"
    case .failed: state = "failed"
    }
    return .object([
      "kind": .string("grid"),
      "grid": .string(kind.rawValue),
      "title": .string(title),
      "state": .string(state),
      "posterCount": .int(grid.posterCount),
      "columns": .int(grid.columns),
      "topLine": .int(grid.topLine + 1),
      "lineCount": .int(grid.lineCount),
      "posters": .array(posters),
    ])
  }
}
