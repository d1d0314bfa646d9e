import Domain
import Foundation
import Presentation
import TableKit

/// How the screen is drawn: the terminal's width, whether to use colour, and how artwork is coloured.
public struct RenderOptions: Hashable, Sendable {
  /// The columns a line may use; nil when lines may be as long as they need (not a terminal).
  public var width: Int?
  /// Whether lines carry ANSI colour and the selected row is highlighted.
  public var usesColour: Bool
  /// How posters' artwork is coloured; artwork is drawn only when ``usesColour`` is true as well, and is a
  /// placeholder frame otherwise.
  public var artworkColours: ArtworkColours

  /// Creates options; artwork is not coloured unless `artworkColours` says how.
  public init(width: Int? = nil, usesColour: Bool = false, artworkColours: ArtworkColours = .none) {
    self.width = width
    self.usesColour = usesColour
    self.artworkColours = artworkColours
  }
}

/// Draws the visible part of an artist screen as text.
///
/// Section headers, then one line per row: the selection marker, the row's number, markers (▶ playing,
/// ♥ favourite, ⬇ downloaded, ⋯ downloading, ! failed, E explicit) and the cell model's formatted fields in
/// aligned columns. The title column gives way first when the terminal is narrow, truncated with "…" at
/// Unicode display widths. Cells only bind; everything shown comes from their cell models.
@MainActor
public enum ScreenRenderer {
  /// The lines for the rows the table shows now.
  public static func lines(for screen: ArtistScreenController, options: RenderOptions = RenderOptions()) -> [String] {
    let table = screen.table
    let visible = (table.indexPathsForVisibleRows ?? []).compactMap { indexPath -> (IndexPath, RowCell)? in
      guard let cell = table.cellForRow(at: indexPath) as? RowCell, cell.model != nil else { return nil }
      return (indexPath, cell)
    }
    let layout = Layout(rows: visible.compactMap { $0.1.model }, rowCount: screen.rowCount)
    var lines: [String] = []
    var lastSection: Int?
    for (indexPath, cell) in visible {
      if indexPath.section != lastSection {
        let header = "── \(table.headerTitle(forSection: indexPath.section) ?? "") ──"
        lines.append(StyledText.render([StyledText(header, .bold)], width: options.width, colour: options.usesColour))
        lastSection = indexPath.section
      }
      guard let model = cell.model else { continue }
      lines.append(
        line(
          for: model, number: screen.number(of: indexPath), selected: cell.isSelected,
          layout: layout, options: options))
    }
    if lines.isEmpty { lines.append("(nothing to show)") }
    return lines
  }

  /// One row's line, laid out on its own (for rows reported between commands).
  public static func line(
    for screen: ArtistScreenController, at indexPath: IndexPath, options: RenderOptions = RenderOptions()
  ) -> String {
    let model = screen.snapshot.sections[indexPath.section].rows[indexPath.row]
    let selected = screen.table.indexPathsForSelectedRows?.contains(indexPath) == true
    return line(
      for: model, number: screen.number(of: indexPath), selected: selected,
      layout: Layout(rows: [model], rowCount: screen.rowCount), options: options)
  }

  /// Column widths shared by the rows drawn together.
  struct Layout {
    var numberWidth: Int
    var titleWidth: Int
    var durationWidth: Int

    init(rows: [ArtistCellModelType], rowCount: Int) {
      numberWidth = max(4, "\(rowCount)".count)
      titleWidth = rows.map { TerminalText.displayWidth(ScreenRenderer.title(of: $0)) }.max() ?? 0
      durationWidth =
        rows.map { row in
          if case .track(let track) = row { return TerminalText.displayWidth(track.duration) }
          return 0
        }.max() ?? 0
    }
  }

  /// A row's title as the terminal shows it (control characters escaped), so that it is measured as drawn.
  nonisolated static func title(of row: ArtistCellModelType) -> String {
    let title =
      switch row {
      case .track(let track): track.title
      case .playlist(let playlist): playlist.title
      case .relatedArtist(let artist): artist.title
      }
    return TerminalText.visible(title)
  }

  static func line(
    for model: ArtistCellModelType, number: Int, selected: Bool, layout: Layout,
    options: RenderOptions
  ) -> String {
    var pieces = [
      StyledText((selected ? ">" : " ") + TerminalText.padLeft("\(number)", toWidth: layout.numberWidth) + " ")
    ]
    var details: [StyledText] = []
    switch model {
    case .track(let track):
      pieces.append(StyledText(track.isPlaying ? "▶" : " ", .cyan))
      pieces.append(StyledText(track.isFavourited ? "♥" : " ", .red))
      switch track.downloadStatus {
      case .downloaded: pieces.append(StyledText("⬇", .green))
      case .downloading: pieces.append(StyledText("⋯", .yellow))
      case .failed: pieces.append(StyledText("!", .red))
      case .notDownloaded: pieces.append(StyledText(" "))
      }
      pieces.append(StyledText(track.isExplicit ? "E" : " ", .magenta))
      details.append(StyledText(TerminalText.padLeft(track.duration, toWidth: layout.durationWidth)))
      details.append(StyledText(track.releaseDate, .dim))
      if let progress = track.downloadProgressText { details.append(StyledText(progress, .yellow)) }
      if let failure = track.failureText { details.append(StyledText(failure, .red)) }
    case .playlist(let playlist):
      pieces.append(StyledText("    "))
      details.append(StyledText(playlist.subtitle, .dim))
    case .relatedArtist(let artist):
      pieces.append(StyledText("    "))
      details.append(StyledText(artist.detail, .dim))
    }
    pieces.append(StyledText(" "))
    // The title column: as wide as the widest visible title, narrower when the terminal is.
    let fixed = pieces.reduce(0) { $0 + TerminalText.displayWidth($1.text) }
    let detailWidth = details.reduce(0) { $0 + 2 + TerminalText.displayWidth($1.text) }
    var titleWidth = layout.titleWidth
    if let width = options.width { titleWidth = min(titleWidth, max(8, width - fixed - detailWidth)) }
    pieces.append(StyledText(TerminalText.pad(title(of: model), toWidth: titleWidth), selected ? .bold : .plain))
    for detail in details {
      pieces.append(StyledText("  "))
      pieces.append(detail)
    }
    let text = StyledText.render(pieces, width: options.width, colour: options.usesColour)
    return selected && options.usesColour ? "\u{1B}[7m" + text + "\u{1B}[27m" : text
  }
}
