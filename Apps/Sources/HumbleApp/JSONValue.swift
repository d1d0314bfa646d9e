import Foundation

/// A JSON value, for the documents `--json` prints.
public indirect enum JSONValue: Hashable, Sendable, Encodable {
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

  /// Encodes the value as itself.
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
}

extension JSONValue {
  /// A string, or `null` for nil.
  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}
