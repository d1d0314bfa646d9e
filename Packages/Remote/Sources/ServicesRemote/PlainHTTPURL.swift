/// A strict, cheap reading of the stream URLs servers send: `http://` or `https://`, a host of letters, digits,
/// dots and hyphens, an optional port up to 65535, then a path of RFC 3986's path characters (unreserved,
/// sub-delimiters, `:`, `@`, `/`, and `%` with two hexadecimal digits), nothing else.
///
/// Every such text is a valid URL whose scheme is http or https, so ``CatalogClient/requireRemoteStreams(_:in:)``
/// accepts it without Foundation's parser (a page of 1,000 tracks parsed 1,000 URLs, a tenth of the client's work
/// on a page); any other text is parsed and judged as before. A test checks the first claim on seeded texts.
enum PlainHTTPURL {
  /// Whether `text` has the shape above.
  static func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      func skip(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != prefix.utf8Start[offset] { return false }
        index += count
        return true
      }
      guard skip("http://") || skip("https://") else { return false }
      // The host: a registered name or an IPv4 address, never empty.
      let hostStart = index
      while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
      guard index > hostStart else { return false }
      if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
        index += 1
        var port = 0
        let portStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), port <= 65_535 {
          port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        guard index > portStart, index - portStart <= 5, port <= 65_535 else { return false }
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return false }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
          guard bytes.count - index >= 3, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
            return false
          }
          index += 3
        } else {
          guard isPathByte(byte) else { return false }
          index += 1
        }
      }
      return true
    }
  }

  private static func isHostByte(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
  }

  /// RFC 3986's pchar without `%` (handled with its digits), and `/`.
  private static func isPathByte(_ byte: UInt8) -> Bool {
    if isAlphanumeric(byte) { return true }
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
      UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
      UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
      return true
    default:
      return false
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }
}
