import CollectionKit
import Foundation
import Presentation
import Services

/// Draws the visible part of a poster grid as text.
///
/// Each displayed poster is drawn where CollectionKit's layout puts it, relative to the collection view's bounds (a
/// point is a character cell), so scrolling shifts what is drawn. A poster the viewport's edge cuts is drawn in part:
/// the lines and columns inside the viewport, cut as a terminal window would cut them (no "…", and a wide character
/// the edge would halve left out). Lines never take more columns than the grid is wide (nor than
/// ``RenderOptions/width``); trailing blanks and blank lines at the end are dropped.
///
/// A poster is its artwork area — its height less two lines — then a title line, the poster's number (what `select`
/// addresses) and its title, and a subtitle line (dim with colour), both cut with "…" to the poster's width at
/// Unicode display widths. Shown artwork is drawn with upper half blocks (▀), the foreground the upper pixel and the
/// background the lower one, so the area is the poster's width × twice its lines in pixels, each the average of the
/// artwork's pixels it covers (composited over black); in 24-bit colour (``ArtworkColours/trueColour``) or the
/// 256-colour palette (``ArtworkColours/palette256``). Without colour (``RenderOptions/usesColour`` false or
/// ``ArtworkColours/none``), and whenever the artwork is not shown, the area is a frame of box-drawing characters
/// saying the state in words: `artwork` (shown, without colour), `loading`, `no artwork` or `failed` (the reason
/// is the `cell` command's to tell). Attributes are reset at the end of each poster's run of styled cells, so no
/// colour bleeds into a neighbour or the next line.
@MainActor
public enum PosterGridRenderer {
  /// The lines for the posters the grid displays now; `(nothing to show)` when it displays none.
  public static func lines(for grid: PosterGridController, options: RenderOptions = RenderOptions()) -> [String] {
    let view = grid.collectionView
    let bounds = view.bounds
    let width = min(Int(bounds.width.rounded(.down)), options.width ?? .max)
    var canvas = TerminalCanvas(width: width, height: Int(bounds.height.rounded(.down)))
    let style = Style(colours: options.usesColour ? options.artworkColours : .none, dimsSubtitles: options.usesColour)
    for indexPath in view.indexPathsForVisibleItems {
      guard let cell = view.cellForItem(at: indexPath) as? PosterCell, let model = cell.model,
        let frame = view.layoutAttributesForItem(at: indexPath)?.frame
      else { continue }
      let area = Area(
        x: Int((frame.minX - bounds.minX).rounded(.down)), y: Int((frame.minY - bounds.minY).rounded(.down)),
        width: Int(frame.width.rounded(.down)), height: Int(frame.height.rounded(.down)))
      guard area.x < canvas.width, area.y < canvas.height, area.x + area.width > 0, area.y + area.height > 0 else {
        continue
      }
      draw(
        model, number: indexPath.item + 1, state: cell.artworkState, in: area, owner: indexPath.item, style: style,
        on: &canvas)
    }
    let lines = canvas.lines()
    return lines.isEmpty ? ["(nothing to show)"] : lines
  }

  /// Where a poster goes on the canvas, in columns and lines from the viewport's top left.
  struct Area {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// How posters are drawn: how artwork is coloured, and whether subtitles are dim.
  struct Style {
    var colours: ArtworkColours
    var dimsSubtitles: Bool
  }

  /// The lines of a poster's text under its artwork: its title and subtitle.
  static let textLines = 2

  static func draw(
    _ model: PosterCellModel, number: Int, state: PosterArtworkState, in area: Area, owner: Int, style: Style,
    on canvas: inout TerminalCanvas
  ) {
    let artworkLines = max(0, area.height - textLines)
    let artworkArea = Area(x: area.x, y: area.y, width: area.width, height: artworkLines)
    if case .shown(_, let artwork) = state, style.colours != .none {
      drawArtwork(artwork, in: artworkArea, owner: owner, colours: style.colours, on: &canvas)
    } else {
      drawFrame(labelled: label(of: state), in: artworkArea, owner: owner, on: &canvas)
    }
    let title = TerminalText.truncate("\(number) " + TerminalText.visible(model.title), toWidth: area.width)
    let subtitle = TerminalText.truncate(TerminalText.visible(model.subtitle), toWidth: area.width)
    let text = [(title, TerminalCanvas.Style.plain), (subtitle, style.dimsSubtitles ? .dim : .plain)]
    for (offset, line) in text.prefix(area.height - artworkLines).enumerated() {
      canvas.draw(line.0, x: area.x, y: area.y + artworkLines + offset, style: line.1, owner: owner)
    }
  }

  /// What the placeholder frame says for an artwork state.
  static func label(of state: PosterArtworkState) -> String {
    switch state {
    case .placeholder: "no artwork"
    case .loading: "loading"
    case .shown: "artwork"
    case .failed: "failed"
    }
  }

  /// A frame of box-drawing characters filling `area`, saying `label` inside.
  ///
  /// The label is centred on the frame's middle line (the upper one of two) and cut with "…" to fit inside. An area
  /// too small for a frame (under 2 columns or 3 lines) shows the label alone on its first line.
  static func drawFrame(labelled label: String, in area: Area, owner: Int, on canvas: inout TerminalCanvas) {
    guard area.width >= 2, area.height >= 3 else {
      if area.height > 0 {
        canvas.draw(TerminalText.truncate(label, toWidth: area.width), x: area.x, y: area.y, owner: owner)
      }
      return
    }
    let inner = area.width - 2
    let rule = String(repeating: "─", count: inner)
    let fitted = TerminalText.truncate(label, toWidth: inner)
    let left = (inner - TerminalText.displayWidth(fitted)) / 2
    let labelLine = 1 + (area.height - 3) / 2
    for line in 0..<area.height {
      let text =
        switch line {
        case 0: "┌" + rule + "┐"
        case area.height - 1: "└" + rule + "┘"
        case labelLine: "│" + TerminalText.pad(String(repeating: " ", count: left) + fitted, toWidth: inner) + "│"
        default: "│" + String(repeating: " ", count: inner) + "│"
        }
      canvas.draw(text, x: area.x, y: area.y + line, owner: owner)
    }
  }

  /// `artwork` filling `area` in upper half blocks: each cell's foreground is the upper of its two pixels, its
  /// background the lower one.
  static func drawArtwork(
    _ artwork: Artwork, in area: Area, owner: Int, colours: ArtworkColours, on canvas: inout TerminalCanvas
  ) {
    guard area.width > 0, area.height > 0 else { return }
    let pixels = sample(artwork, width: area.width, height: area.height * 2)
    for line in 0..<area.height {
      for column in 0..<area.width {
        let code = code(foreground: pixels[line * 2][column], background: pixels[line * 2 + 1][column], in: colours)
        canvas.put(
          TerminalCanvas.Cell(text: "▀", style: .colours(code), owner: owner), x: area.x + column, y: area.y + line)
      }
    }
  }
}
