import Domain
import Foundation

/// Where a page of an artist's tracks ended, so that the next page continues right after it (keyset paging).
///
/// A cursor holds the last track's place in its order, its key in that order and its catalog position (the
/// tie-break), not a count of the tracks before it. So the next page costs what a page costs however deep it is,
/// and a track added or removed before that place between two pages neither repeats a track nor skips one.
///
/// Ask for the next page with ``TrackPageRequest/init(after:offset:limit:)``. Over HTTP a cursor travels as
/// ``encoded``, a string a client keeps and sends back without reading it. A cursor belongs to the implementation
/// that made it: its key is that catalog's own sort value (a folded title, a number).
public struct TrackCursor: Hashable, Sendable, Codable {
  /// The last track's value of the column its order sorts by.
  public enum Key: Hashable, Sendable, Codable {
    /// The catalog's own order sorts by position alone.
    case none
    /// A text (a folded title).
    case text(String)
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
  }

  /// The order the page was listed in, which the next page continues.
  public var order: TrackOrder
  /// The last track's key in ``order``.
  public var key: Key
  /// The last track's position in the catalog's order, which breaks ties of ``key``.
  public var position: Int

  /// A cursor after the track with this key and position in `order`.
  public init(order: TrackOrder, key: Key, position: Int) {
    self.order = order
    self.key = key
    self.position = position
  }

  /// The cursor as an opaque, URL-safe string: `c1.`, the order, the position and, unless the order is the
  /// catalog's, the key (a text as base64url of its UTF-8, a number as Swift writes it), joined by dots.
  ///
  /// Every string that ``encodedPattern`` matches decodes to a cursor, so a client can only send a cursor that
  /// names a place in an order: a place no track has is as good as any for "the tracks after it".
  public var encoded: String {
    var parts = [Self.version, order.rawValue, String(position)]
    switch key {
    case .none: break
    case .text(let text):
      parts.append(
        Data(text.utf8).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
          .replacing("=", with: ""))
    case .integer(let value): parts.append(String(value))
    // Without the exponent's `+`, which a query string reads as a space.
    case .number(let value): parts.append(value.description.replacing("e+", with: "e"))
    }
    return parts.joined(separator: ".")
  }

  /// The cursor an ``encoded`` string holds; nil for a string ``encodedPattern`` does not match.
  ///
  /// A text key is read from any base64url (bits past the last whole byte are dropped, bytes that are not UTF-8
  /// read as U+FFFD, and a key with a NUL becomes the same place without it), and a position or whole-number key
  /// beyond `Int` as `Int`'s bound: a place past every track.
  public init?(encoded: String) {
    guard encoded.utf8.count <= Self.maximumEncodedLength else { return nil }
    let parts = encoded.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count >= 3, parts[0] == Self.version, let order = TrackOrder(rawValue: String(parts[1])),
      let position = Self.wholeNumber(parts[2])
    else { return nil }
    let key: Key
    switch (order, parts.count) {
    case (.catalog, 3):
      key = .none
    case (.title, 4), (.titleDescending, 4):
      guard let bytes = Self.base64URLBytes(parts[3]) else { return nil }
      if let nul = bytes.firstIndex(of: 0) {
        // A title never holds a NUL (PostgreSQL cannot store one): the place after "x\0…" is the place after
        // every "x" (ascending) or before them (descending), whatever follows the NUL.
        let cut = String(decoding: bytes[..<nul], as: UTF8.self)
        self.init(order: order, key: .text(cut), position: order.sortsDescending ? Int.min : Int.max)
        return
      }
      key = .text(String(decoding: bytes, as: UTF8.self))
    case (.popular, 4):
      guard let value = Self.wholeNumber(parts[3]) else { return nil }
      key = .integer(value)
    case (.newest, 4), (.longest, 4), (.shortest, 4):
      guard Self.isDecimal(parts[3]), let value = Double(parts[3]) else { return nil }
      key = .number(value)
    default:
      return nil
    }
    self.init(order: order, key: key, position: position)
  }

  /// The longest ``encoded`` string accepted: 512 characters, a title of about 360 bytes of UTF-8.
  ///
  /// A cursor travels in a URL, and the whole request target of the HTTP API is held to 4,096 bytes, with room
  /// for an artist's identifier. A page whose last track's title is longer hands out no cursor over HTTP; the
  /// next page is asked for by offset.
  public static let maximumEncodedLength = 512

  /// The strings ``init(encoded:)`` accepts, as an ECMAScript regular expression (the OpenAPI document's
  /// `pattern` for a cursor), together with ``maximumEncodedLength`` (its `maxLength`).
  public static let encodedPattern =
    #"^c1\.(catalog\.\#(wholeNumberPattern)|(title|title-descending)\.\#(wholeNumberPattern)\.[A-Za-z0-9_-]*"#
    + #"|popular\.\#(wholeNumberPattern)\.\#(wholeNumberPattern)"#
    + #"|(newest|longest|shortest)\.\#(wholeNumberPattern)\.\#(decimalPattern))$"#

  private static let version = "c1"
  private static let wholeNumberPattern = "-?[0-9]{1,19}"
  private static let decimalPattern = "-?[0-9]{1,20}(\\.[0-9]{1,20})?(e[-+]?[0-9]{1,3})?"

  /// A whole number of up to 19 digits, held to `Int`'s bounds.
  private static func wholeNumber(_ text: Substring) -> Int? {
    let digits = text.hasPrefix("-") ? text.dropFirst() : text
    guard (1...19).contains(digits.utf8.count), digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
      return nil
    }
    return Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max)
  }

  /// Whether `text` is a decimal number as ``decimalPattern`` spells it (which `Double` reads, infinite past
  /// its range).
  private static func isDecimal(_ text: Substring) -> Bool {
    var rest = text.utf8[...]
    func digits(_ range: ClosedRange<Int>) -> Bool {
      let count = rest.prefix { (48...57).contains($0) }.count
      rest = rest.dropFirst(count)
      return range.contains(count)
    }
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    guard digits(1...20) else { return false }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard digits(1...20) else { return false }
    }
    if rest.first == UInt8(ascii: "e") {
      rest = rest.dropFirst()
      if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
      guard digits(1...3) else { return false }
    }
    return rest.isEmpty
  }

  /// The bytes of unpadded base64url text; nil for a character outside its alphabet.
  private static func base64URLBytes(_ text: Substring) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3 / 4)
    var bits: UInt32 = 0
    var bitCount = 0
    for character in text.utf8 {
      let value: UInt8
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
      case UInt8(ascii: "-"): value = 62
      case UInt8(ascii: "_"): value = 63
      default: return nil
      }
      bits = bits << 6 | UInt32(value)
      bitCount += 6
      if bitCount >= 8 {
        bitCount -= 8
        bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(bitCount)))
        bits &= (1 << UInt32(bitCount)) - 1
      }
    }
    return bytes
  }

  /// Whether a track with `key` at `position` comes after this cursor in its order.
  public func precedes(key other: Key, position otherPosition: Int) -> Bool {
    switch key.compare(with: other, descending: order.sortsDescending) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: position < otherPosition
    }
  }
}

extension TrackCursor.Key {
  /// How this key stands to `other` in an order that sorts ascending, or descending.
  func compare(with other: Self, descending: Bool) -> ComparisonResult {
    let ascending: ComparisonResult
    switch (self, other) {
    case (.text(let lhs), .text(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    case (.number(let lhs), .number(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    case (.integer(let lhs), .integer(let rhs)):
      ascending = lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    default:
      ascending = .orderedSame
    }
    guard descending else { return ascending }
    switch ascending {
    case .orderedAscending: return .orderedDescending
    case .orderedDescending: return .orderedAscending
    case .orderedSame: return .orderedSame
    }
  }
}

extension TrackOrder {
  /// Whether the order lists the larger keys first (its tie-break, position, always ascends).
  public var sortsDescending: Bool {
    switch self {
    case .catalog, .title, .shortest: false
    case .titleDescending, .popular, .newest, .longest: true
    }
  }

  /// A track's key in this order, as the default paging of ``MusicAPI`` compares it.
  public func key(of track: Track) -> TrackCursor.Key {
    switch self {
    case .catalog: .none
    case .title, .titleDescending: .text(SearchFolding.fold(track.title))
    case .popular: .integer(track.popularity)
    case .newest: .number(track.releaseDate.timeIntervalSince1970)
    case .longest, .shortest: .number(track.duration)
    }
  }
}
