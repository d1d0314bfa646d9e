import Foundation

/// A JSON value as a tree, with integers, other numbers and booleans kept apart (which `JSONSerialization`
/// does not do on every platform): the documents the REPL's `--json` prints, and the bodies tests check
/// against a schema.
public indirect enum JSONValue: Hashable, Sendable, Codable {
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// A Boolean.
  case bool(Bool)
  /// `null`.
  case null
  /// An array.
  case array([JSONValue])
  /// An object; its keys are written in sorted order.
  case object([String: JSONValue])

  /// Reads a JSON document.
  public static func parse(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Decodes any JSON value; a number is an integer when it is written as one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as itself (a number that is not finite as 0, which JSON cannot write).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value.isFinite ? value : 0)
    case .bool(let value): try container.encode(value)
    case .null: try container.encodeNil()
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// The value as one line of JSON text with sorted keys.
  public var jsonText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// A string, or `null` for nil.
  public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// The member of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The text of a string, or nil.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value of a number, integer or not, or nil.
  public var numberValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
