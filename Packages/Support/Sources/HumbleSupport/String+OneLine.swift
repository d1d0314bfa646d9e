extension String {
  /// The text on one line: every run of line breaks and other control characters, with the spaces around it,
  /// becomes one space, and none is left at the start or the end.
  ///
  /// Reasons quoted from a database, a server or a decoder can span lines (indented ones too); a log line, a
  /// REPL's error line and a problem's detail cannot.
  public var oneLine: String {
    var result = ""
    var pendingSpace = false
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
        while result.unicodeScalars.last?.properties.isWhitespace == true { result.unicodeScalars.removeLast() }
        pendingSpace = true
        continue
      }
      if pendingSpace, scalar.properties.isWhitespace { continue }
      if pendingSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// The text on one line (``oneLine``) and at most `limit` characters long, cut with "…" when longer: how a
  /// message quotes a URL or a value it did not choose.
  public func oneLine(atMost limit: Int) -> String {
    let line = oneLine
    return line.count > limit ? line.prefix(max(0, limit - 1)) + "…" : line
  }
}
