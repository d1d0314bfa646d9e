/// Measures, truncates and pads text by the columns it occupies on a terminal.
///
/// Widths follow Unicode's East Asian Width property (UAX #11) and emoji data, the way wcwidth
/// implementations do: wide and fullwidth characters and emoji take two columns, combining marks, format and
/// control characters take none, everything else one. Nothing is stripped: ANSI escape sequences are counted
/// like any other text (ESC itself as zero columns, the rest of the sequence as ordinary characters), so callers
/// must remove or account for them separately. Tabs count as zero columns; replace them before measuring.
public enum TerminalText {
  /// Columns a string occupies on a terminal.
  ///
  /// The sum of the widths of its grapheme clusters; see `displayWidth(of:)`.
  public static func displayWidth(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + displayWidth(of: $1) }
  }

  /// Columns one grapheme cluster occupies (0, 1 or 2).
  ///
  /// Two for emoji presentation (an `Emoji_Presentation` scalar, an emoji followed by U+FE0F, a flag made of
  /// two regional indicators) and for clusters whose first scalar is East Asian Wide or Fullwidth; zero when
  /// every scalar is a combining mark, a format character or a control character; otherwise one.
  public static func displayWidth(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if isWide(first.value) || hasEmojiPresentation(scalars) { return 2 }
    if scalars.allSatisfy(isZeroWidth) { return 0 }
    return 1
  }

  /// The longest prefix of `text` (whole grapheme clusters) fitting in `width` columns, ending in "…" when anything
  /// was cut.
  ///
  /// Text that already fits is returned unchanged; otherwise a `width` of zero or less gives "". The ellipsis takes one
  /// column; a wide character that would not fit before it is dropped whole, so the result can be one column
  /// narrower than `width`.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    if displayWidth(text) <= width { return text }
    guard width > 0 else { return "" }
    var kept = ""
    var keptWidth = 0
    for character in text {
      let characterWidth = displayWidth(of: character)
      if keptWidth + characterWidth + ellipsisWidth > width { break }
      kept.append(character)
      keptWidth += characterWidth
    }
    return kept + ellipsis
  }

  /// `text` truncated or padded with spaces on the right to exactly `width` columns.
  ///
  /// Truncation follows `truncate(_:toWidth:)`, so a cut text ends in "…"; a `width` below zero counts as zero.
  public static func pad(_ text: String, toWidth width: Int) -> String {
    let fitted = truncate(text, toWidth: width)
    let missing = max(0, width - displayWidth(fitted))
    return fitted + String(repeating: " ", count: missing)
  }

  /// `text` padded on the left to `width` columns (numbers), never truncated.
  ///
  /// Text already `width` columns or wider is returned unchanged.
  public static func padLeft(_ text: String, toWidth width: Int) -> String {
    let missing = width - displayWidth(text)
    guard missing > 0 else { return text }
    return String(repeating: " ", count: missing) + text
  }

  private static let ellipsis = "…"
  private static let ellipsisWidth = 1
  private static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
  private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

  /// Code points whose East Asian Width is Wide (W) or Fullwidth (F), sorted and disjoint.
  ///
  /// Whole CJK blocks are included even where some of their code points are unassigned, as terminals draw them wide.
  /// Emoji that default to text presentation (East Asian Width N, such as U+1F321 THERMOMETER) are left out: they
  /// are narrow unless followed by U+FE0F.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
    0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
    0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
    0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
    0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
    0x1F6D5...0x1F6D8, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
    0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  static func isWide(_ value: UInt32) -> Bool {
    var low = wideRanges.startIndex
    var high = wideRanges.endIndex - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  private static func hasEmojiPresentation(_ scalars: Character.UnicodeScalarView) -> Bool {
    // A lone regional indicator is Emoji_Presentation but is drawn as a narrow letter; only a pair makes a flag.
    if scalars.count(where: { regionalIndicators.contains($0.value) }) >= 2 { return true }
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if scalar.properties.isEmojiPresentation, !regionalIndicators.contains(scalar.value) { return true }
      if scalar == emojiPresentationSelector, let previous, previous.properties.isEmoji { return true }
      previous = scalar
    }
    return false
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: true
    default: false
    }
  }
}
