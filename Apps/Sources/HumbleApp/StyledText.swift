/// A run of text with one style; lines are made of pieces so colour never changes where text is cut.
struct StyledText {
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
  static func render(_ pieces: [StyledText], width: Int?, colour: Bool) -> String {
    var pieces = pieces
    while let last = pieces.last, last.text.allSatisfy({ $0 == " " }) { pieces.removeLast() }
    if let last = pieces.indices.last {
      pieces[last].text = String(pieces[last].text.reversed().drop { $0 == " " }.reversed())
    }
    if let width, pieces.reduce(0, { $0 + TerminalText.displayWidth($1.text) }) > width {
      var budget = width
      var fitted: [StyledText] = []
      for piece in pieces {
        let pieceWidth = TerminalText.displayWidth(piece.text)
        if pieceWidth < budget {
          fitted.append(piece)
          budget -= pieceWidth
        } else {
          // The piece where the line is cut; something follows it, so it always ends in "…".
          let room = pieceWidth > budget ? budget : budget - 1
          fitted.append(StyledText(TerminalText.truncate(piece.text, toWidth: room), piece.style))
          break
        }
      }
      pieces = fitted
    }
    guard colour else { return pieces.map(\.text).joined() }
    return pieces.map { $0.style.codes.on + $0.text + $0.style.codes.off }.joined()
  }
}
