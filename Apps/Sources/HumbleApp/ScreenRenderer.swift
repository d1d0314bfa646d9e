import Domain
import Foundation
import Presentation
import TableKit

/// How the screen is drawn: the terminal's width, and whether to use colour.
public struct RenderOptions: Hashable, Sendable {
  /// The columns a line may use; nil when lines may be as long as they need (not a terminal).
  public var width: Int?
  /// Whether lines carry ANSI colour and the selected row is highlighted.
  public var usesColour: Bool

  /// Creates options.
  public init(width: Int? = nil, usesColour: Bool = false) {
    self.width = width
    self.usesColour = usesColour
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
        lines.append(Piece.render([Piece(header, .bold)], width: options.width, colour: options.usesColour))
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
    var pieces = [Piece((selected ? ">" : " ") + TerminalText.padLeft("\(number)", toWidth: layout.numberWidth) + " ")]
    var details: [Piece] = []
    switch model {
    case .track(let track):
      pieces.append(Piece(track.isPlaying ? "▶" : " ", .cyan))
      pieces.append(Piece(track.isFavourited ? "♥" : " ", .red))
      switch track.downloadStatus {
      case .downloaded: pieces.append(Piece("⬇", .green))
      case .downloading: pieces.append(Piece("⋯", .yellow))
      case .failed: pieces.append(Piece("!", .red))
      case .notDownloaded: pieces.append(Piece(" "))
      }
      pieces.append(Piece(track.isExplicit ? "E" : " ", .magenta))
      details.append(Piece(TerminalText.padLeft(track.duration, toWidth: layout.durationWidth)))
      details.append(Piece(track.releaseDate, .dim))
      if let progress = track.downloadProgressText { details.append(Piece(progress, .yellow)) }
      if let failure = track.failureText { details.append(Piece(failure, .red)) }
    case .playlist(let playlist):
      pieces.append(Piece("    "))
      details.append(Piece(playlist.subtitle, .dim))
    case .relatedArtist(let artist):
      pieces.append(Piece("    "))
      details.append(Piece(artist.detail, .dim))
    }
    pieces.append(Piece(" "))
    // The title column: as wide as the widest visible title, narrower when the terminal is.
    let fixed = pieces.reduce(0) { $0 + TerminalText.displayWidth($1.text) }
    let detailWidth = details.reduce(0) { $0 + 2 + TerminalText.displayWidth($1.text) }
    var titleWidth = layout.titleWidth
    if let width = options.width { titleWidth = min(titleWidth, max(8, width - fixed - detailWidth)) }
    pieces.append(Piece(TerminalText.pad(title(of: model), toWidth: titleWidth), selected ? .bold : .plain))
    for detail in details {
      pieces.append(Piece("  "))
      pieces.append(detail)
    }
    let text = Piece.render(pieces, width: options.width, colour: options.usesColour)
    return selected && options.usesColour ? "\u{1B}[7m" + text + "\u{1B}[27m" : text
  }
}

/// A run of text with one style; lines are made of pieces so colour never changes where text is cut.
struct Piece {
  enum Style {
    case plain, bold, dim, red, green, yellow, cyan, magenta

    var codes: (on: String, off: String) {
      switch self {
      case .plain: ("", "")
      case .bold: ("\u{1B}[1m", "\u{1B}[22m")
      case .dim: ("\u{1B}[2m", "\u{1B}[22m")
      case .red: ("\u{1B}[31m", "\u{1B}[39m")
      case .green: ("\u{1B}[32m", "\u{1B}[39m")
      case .yellow: ("\u{1B}[33m", "\u{1B}[39m")
      case .cyan: ("\u{1B}[36m", "\u{1B}[39m")
      case .magenta: ("\u{1B}[35m", "\u{1B}[39m")
      }
    }
  }

  var text: String
  var style: Style

  init(_ text: String, _ style: Style = .plain) {
    self.text = TerminalText.visible(text)
    self.style = style
  }

  /// The pieces as one line: trailing spaces dropped, cut with "…" to `width` columns, styled if `colour`.
  static func render(_ pieces: [Piece], width: Int?, colour: Bool) -> String {
    var pieces = pieces
    while let last = pieces.last, last.text.allSatisfy({ $0 == " " }) { pieces.removeLast() }
    if let last = pieces.indices.last {
      pieces[last].text = String(pieces[last].text.reversed().drop { $0 == " " }.reversed())
    }
    if let width, pieces.reduce(0, { $0 + TerminalText.displayWidth($1.text) }) > width {
      var budget = width
      var fitted: [Piece] = []
      for piece in pieces {
        let pieceWidth = TerminalText.displayWidth(piece.text)
        if pieceWidth < budget {
          fitted.append(piece)
          budget -= pieceWidth
        } else {
          // The piece where the line is cut; something follows it, so it always ends in "…".
          let room = pieceWidth > budget ? budget : budget - 1
          fitted.append(Piece(TerminalText.truncate(piece.text, toWidth: room), piece.style))
          break
        }
      }
      pieces = fitted
    }
    guard colour else { return pieces.map(\.text).joined() }
    return pieces.map { $0.style.codes.on + $0.text + $0.style.codes.off }.joined()
  }
}
