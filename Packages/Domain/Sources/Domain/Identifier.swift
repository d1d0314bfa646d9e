/// A typed identifier: a string that names one value of `Owner`.
///
/// The phantom `Owner` keeps a track's ID from being passed where an artist's is expected, while string
/// literals still work wherever an identifier is expected (`let ids: [Track.ID] = ["a", "b"]`).
public struct Identifier<Owner>: Hashable, Sendable, Comparable, RawRepresentable {
  /// The identifier's text, as stored and transferred.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from its text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Orders identifiers by their text, so sorted lists of IDs are deterministic.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension Identifier: ExpressibleByStringLiteral {
  /// Creates an identifier from a string literal, as tests and fixtures write them.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }
}

extension Identifier: CustomStringConvertible {
  /// The identifier's text.
  public var description: String { rawValue }
}

extension Identifier: Codable {
  /// Decodes an identifier from a single string value.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the identifier as a single string value, not as a keyed object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
