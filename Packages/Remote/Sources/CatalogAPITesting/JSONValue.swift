import Foundation

/// A JSON document as a tree, with booleans and numbers kept apart (which `JSONSerialization` does not do
/// on every platform), for checking bodies against a schema.
public enum JSONValue: Hashable, Sendable, Decodable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Reads a JSON document.
  public static func parse(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

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
}
