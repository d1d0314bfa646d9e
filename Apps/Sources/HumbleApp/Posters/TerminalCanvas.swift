/// A rectangle of character cells that pieces of text are drawn into, clipped to its edges, then read out as lines.
///
/// Each cell holds one column's grapheme and its style, and which poster drew it. A wide character takes its cell
/// and the next, which is marked as its continuation; one the edge would cut in two is drawn as a space instead, so a
/// line never takes more columns than the canvas is wide.
struct TerminalCanvas {
  /// What a cell's text looks like.
  enum Style: Hashable {
    case plain
    case dim
    /// Colours set in full by one SGR sequence (foreground and background): the next cell of the same poster can
    /// switch to other colours without a reset.
    case colours(String)

    var code: String {
      switch self {
      case .plain: ""
      case .dim: "\u{1B}[2m"
      case .colours(let code): code
      }
    }
  }

  /// One column.
  struct Cell: Hashable {
    /// The grapheme drawn there; empty for the continuation of a wide character.
    var text: String
    var style: Style
    /// The poster that drew the cell, so that its attributes are reset before another poster's begin.
    var owner: Int?

    static let blank = Cell(text: " ", style: .plain, owner: nil)
  }

  /// Resets every attribute: what ends each poster's coloured or dim run.
  static let reset = "\u{1B}[0m"

  let width: Int
  let height: Int
  private(set) var rows: [[Cell]]

  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    rows = Array(repeating: Array(repeating: .blank, count: self.width), count: self.height)
  }

  /// Draws `text` from column `x` of line `y`, one cell per column, in `style`; what falls outside is clipped.
  ///
  /// A zero-width grapheme joins the cell before it; a wide one whose two columns are not both inside the canvas is
  /// drawn as a space in the column that is.
  mutating func draw(_ text: String, x: Int, y: Int, style: Style = .plain, owner: Int?) {
    guard rows.indices.contains(y) else { return }
    var column = x
    for character in text {
      let columns = TerminalText.displayWidth(of: character)
      if columns == 0 {
        // A wide character's first column holds its text; its second is the continuation.
        let previous = (column - 2..<column).last { (0..<width).contains($0) && !rows[y][$0].text.isEmpty }
        if let previous { rows[y][previous].text.append(character) }
        continue
      }
      let inside = (column..<column + columns).filter { (0..<width).contains($0) }
      if inside.count == columns {
        rows[y][column] = Cell(text: String(character), style: style, owner: owner)
        for next in column + 1..<column + columns { rows[y][next] = Cell(text: "", style: style, owner: owner) }
      } else {
        for partial in inside { rows[y][partial] = Cell(text: " ", style: style, owner: owner) }
      }
      column += columns
    }
  }

  /// Puts one cell at column `x` of line `y`, unless that is outside the canvas.
  mutating func put(_ cell: Cell, x: Int, y: Int) {
    guard rows.indices.contains(y), (0..<width).contains(x) else { return }
    rows[y][x] = cell
  }

  /// The canvas as lines: trailing blank columns and lines dropped, each run of styled cells opened with its SGR
  /// sequence and closed with a reset before anything unstyled or another poster's cells, and at the line's end.
  func lines() -> [String] {
    var lines = rows.map(Self.line)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  private static func line(_ cells: [Cell]) -> String {
    var cells = cells[...]
    while let last = cells.last, last.text == " ", last.style == .plain { cells.removeLast() }
    var text = ""
    var style = Style.plain
    var owner: Int?
    for cell in cells where !cell.text.isEmpty {
      if cell.style != style || cell.owner != owner {
        // Within a poster one pair of colours replaces the other; anything else starts from no attributes.
        let switchesColours =
          if case .colours = style, case .colours = cell.style, cell.owner == owner { true } else { false }
        if style != .plain, !switchesColours { text += reset }
        text += cell.style.code
        style = cell.style
      }
      owner = cell.owner
      text += cell.text
    }
    if style != .plain { text += reset }
    return text
  }
}
