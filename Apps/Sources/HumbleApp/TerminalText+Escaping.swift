extension TerminalText {
  /// `text` with every character that could steer a terminal shown as a visible escape instead.
  ///
  /// C0 controls and DEL become caret notation (`^[` for ESC, `^J` for a line feed, `^?` for DEL); C1 controls
  /// and the bidirectional embeddings, overrides and isolates (which can make text read differently from how
  /// it is stored) become `<U+202E>`. Everything else, combining marks and emoji included, is kept.
  /// With `keepingColour`, SGR colour sequences (`ESC [ 1;31 m`) pass through, for lines Humble coloured itself.
  public static func visible(_ text: some StringProtocol, keepingColour: Bool = false) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else {
      return String(text)
    }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if keepingColour, scalar == "\u{1B}", let end = endOfColourSequence(in: scalars, at: index) {
        result.unicodeScalars.append(contentsOf: scalars[index...end])
        index = end + 1
        continue
      }
      result += escape(scalar)
      index += 1
    }
    return result
  }

  /// What someone typed, made visible (see ``visible(_:keepingColour:)``) and cut to `limit` characters with
  /// "…", in single quotes: for echoing input back inside a one-line message.
  public static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
    let shown = visible(text)
    guard shown.count > limit else { return "'\(shown)'" }
    return "'\(shown.prefix(max(0, limit - 1)))…'"
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x00..<0x20: return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
    case 0x7F: return "^?"
    case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>"
    default: return String(scalar)
    }
  }

  /// The index of the final `m` of an SGR sequence starting at `start` (`ESC [` digits and `;` `m`), if one does.
  private static func endOfColourSequence(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    while index < scalars.count, index - start < 20 {
      let scalar = scalars[index]
      if scalar == "m" { return index }
      guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
      index += 1
    }
    return nil
  }
}
