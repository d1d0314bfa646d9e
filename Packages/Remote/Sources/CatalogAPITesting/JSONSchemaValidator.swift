import Foundation
import HumbleSupport

/// Checks JSON values against the subset of JSON Schema (2020-12) that the API's document uses.
///
/// The keywords checked: `type` (one or
/// several), `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const`, `minimum`,
/// `maximum`, `minLength`, `maxLength`, `pattern` and local `$ref`s. Other keywords (`format`, `description`…) are
/// annotations and are not checked.
public struct JSONSchemaValidator: Sendable {
  /// The document that `$ref`s point into.
  public let root: JSONValue

  /// Creates a validator whose `$ref`s resolve in `root`.
  public init(root: JSONValue) {
    self.root = root
  }

  /// Every way `instance` breaks `schema`, each naming where (`$.tracks[0].id`); empty when it conforms.
  public func violations(of instance: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
    if let reference = schema["$ref"]?.stringValue {
      guard let target = resolve(reference) else { return ["\(path): unresolvable $ref '\(reference)'"] }
      return violations(of: instance, against: target, at: path)
    }
    var found: [String] = []
    if let type = schema["type"] {
      let allowed: [String] =
        switch type {
        case .string(let name): [name]
        case .array(let names): names.compactMap(\.stringValue)
        default: []
        }
      guard allowed.contains(where: { Self.has(instance, type: $0) }) else {
        return ["\(path): expected \(allowed.joined(separator: " or ")), found \(Self.describe(instance))"]
      }
    }
    if case .array(let values) = schema["enum"], !values.contains(instance) {
      found.append("\(path): \(Self.describe(instance)) is not one of the enum's values")
    }
    if let constant = schema["const"], constant != instance {
      found.append("\(path): \(Self.describe(instance)) is not the const value")
    }
    found += numberViolations(of: instance, against: schema, at: path)
    found += stringViolations(of: instance, against: schema, at: path)
    if case .array(let items) = instance, let itemSchema = schema["items"] {
      for (index, item) in items.enumerated() {
        found += violations(of: item, against: itemSchema, at: "\(path)[\(index)]")
      }
    }
    if case .object(let members) = instance {
      found += objectViolations(of: members, against: schema, at: path)
    }
    return found
  }

  private func numberViolations(of instance: JSONValue, against schema: JSONValue, at path: String) -> [String] {
    guard let number = instance.numberValue else { return [] }
    var found: [String] = []
    if let minimum = schema["minimum"]?.numberValue, number < minimum {
      found.append("\(path): \(number) is below the minimum \(minimum)")
    }
    if let maximum = schema["maximum"]?.numberValue, number > maximum {
      found.append("\(path): \(number) is above the maximum \(maximum)")
    }
    return found
  }

  private func stringViolations(of instance: JSONValue, against schema: JSONValue, at path: String) -> [String] {
    guard case .string(let text) = instance else { return [] }
    // JSON Schema counts characters as code points.
    let length = Double(text.unicodeScalars.count)
    var found: [String] = []
    if let minimum = schema["minLength"]?.numberValue, length < minimum {
      found.append("\(path): '\(text)' is shorter than \(Int(minimum)) characters")
    }
    if let maximum = schema["maxLength"]?.numberValue, length > maximum {
      found.append("\(path): a string of \(Int(length)) characters is longer than \(Int(maximum))")
    }
    if let pattern = schema["pattern"]?.stringValue, !Self.matches(text, pattern) {
      found.append("\(path): '\(text.prefix(80))' does not match the pattern \(pattern)")
    }
    return found
  }

  /// Whether `pattern` matches `text`, as JSON Schema reads a pattern.
  ///
  /// ECMAScript's reading: a search, anchored only where the pattern says so, and a `$` ends the text (ICU's also
  /// matches before a final newline).
  static func matches(_ text: String, _ pattern: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    let whole = NSRange(text.startIndex..., in: text)
    guard let match = expression.firstMatch(in: text, range: whole) else { return false }
    return !pattern.hasSuffix("$") || match.range.upperBound == whole.upperBound
  }

  private func objectViolations(
    of members: [String: JSONValue], against schema: JSONValue, at path: String
  ) -> [String] {
    var found: [String] = []
    if case .array(let required) = schema["required"] {
      for case .string(let name) in required where members[name] == nil {
        found.append("\(path): missing required property '\(name)'")
      }
    }
    let properties: [String: JSONValue]
    if case .object(let declared) = schema["properties"] { properties = declared } else { properties = [:] }
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      if let propertySchema = properties[name] {
        found += violations(of: value, against: propertySchema, at: "\(path).\(name)")
      } else if schema["additionalProperties"] == .bool(false) {
        found.append("\(path): property '\(name)' is not allowed")
      }
    }
    return found
  }

  /// The value a local reference (`#/components/schemas/Track`) points to.
  public func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/") else { return nil }
    var node: JSONValue? = root
    for component in reference.dropFirst(2).split(separator: "/") {
      let key = component.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      node = node?[key]
    }
    return node
  }

  private static func has(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .int), ("number", .double), ("string", .string),
      ("array", .array),
      ("object", .object):
      true
    case ("integer", .int): true
    case ("integer", .double(let number)): number.rounded() == number && number.isFinite
    default: false
    }
  }

  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "boolean \(flag)"
    case .int(let number): "number \(Double(number))"
    case .double(let number): "number \(number)"
    case .string(let text): "string '\(text.prefix(40))'"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
