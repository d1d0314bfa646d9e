extension String {
  /// The text as one line: line breaks and other control characters become spaces, since libpng's messages go
  /// into an error's one-line description.
  var asOneLine: String {
    String(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
  }
}
