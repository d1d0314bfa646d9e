import CatalogAPI
import Foundation
import HumbleSupport

/// The API's OpenAPI document as a checker: which operations it declares, and whether a response a server
/// sent is one the document allows (its status, content type and body schema).
public struct OpenAPIContract: Sendable {
  /// One operation: a method (upper case) and a path template (`/v1/artists/{artistID}`).
  public struct Operation: Hashable, Sendable, CustomStringConvertible {
    /// The method, upper case.
    public var method: String
    /// The path template.
    public var template: String

    /// Creates an operation.
    public init(method: String, template: String) {
      self.method = method.uppercased()
      self.template = template
    }

    /// `GET /v1/artists`.
    public var description: String { "\(method) \(template)" }
  }

  /// The document.
  public let document: JSONValue
  private let validator: JSONSchemaValidator

  /// The committed document (``CatalogAPI/openAPIDocument``).
  public static func committed() throws -> OpenAPIContract {
    try OpenAPIContract(document: CatalogAPI.openAPIDocument)
  }

  /// A contract from a document's JSON.
  public init(document data: Data) throws {
    document = try JSONValue.parse(data)
    validator = JSONSchemaValidator(root: document)
  }

  /// Every operation the document declares.
  public var operations: Set<Operation> {
    guard case .object(let paths) = document["paths"] else { return [] }
    var operations: Set<Operation> = []
    for (template, item) in paths {
      guard case .object(let methods) = item else { continue }
      for method in methods.keys where Self.httpMethods.contains(method) {
        operations.insert(Operation(method: method, template: template))
      }
    }
    return operations
  }

  /// The template of the document that a concrete path matches; literal segments win over parameters.
  public func template(matching path: String) -> String? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    let candidates = Set(operations.map(\.template)).filter { template in
      let parts = template.split(separator: "/", omittingEmptySubsequences: false)
      return parts.count == segments.count
        && zip(parts, segments).allSatisfy { part, segment in part.hasPrefix("{") ? !segment.isEmpty : part == segment }
    }
    return candidates.max { lhs, rhs in Self.literalCount(lhs) < Self.literalCount(rhs) }
  }

  /// Every way a response breaks the document; empty when it conforms.
  ///
  /// A response to a request that matches no operation (an unknown path, a wrong method, a body or target too
  /// large) must be a `Problem`.
  public func violations(
    method: String, path: String, status: Int, contentType: String?, body: Data
  ) -> [String] {
    let method = method.uppercased()
    let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
    guard let template = template(matching: path),
      let operation = document["paths"]?[template]?[method.lowercased()]
    else {
      return problemViolations(status: status, mediaType: mediaType, body: body, context: "\(method) \(path)")
    }
    let context = "\(method) \(template) \(status)"
    guard var response = operation["responses"]?[String(status)] else {
      return ["\(context): the document declares no \(status) response"]
    }
    if let reference = response["$ref"]?.stringValue, let resolved = validator.resolve(reference) {
      response = resolved
    }
    guard case .object(let content) = response["content"] else {
      return body.isEmpty ? [] : ["\(context): the document declares no body, yet \(body.count) bytes came"]
    }
    guard let mediaType, let media = content[mediaType] else {
      return ["\(context): content type '\(contentType ?? "none")' is not one of \(content.keys.sorted())"]
    }
    guard mediaType.hasSuffix("json"), let schema = media["schema"] else { return [] }
    return bodyViolations(body, schema: schema, context: context)
  }

  private func problemViolations(status: Int, mediaType: String?, body: Data, context: String) -> [String] {
    guard mediaType == CatalogJSON.problemContentType else {
      return ["\(context) \(status): not an operation of the document, and not a problem document"]
    }
    return bodyViolations(body, schema: .object(["$ref": .string("#/components/schemas/Problem")]), context: context)
  }

  private func bodyViolations(_ body: Data, schema: JSONValue, context: String) -> [String] {
    guard let value = try? JSONValue.parse(body) else { return ["\(context): the body is not JSON"] }
    return validator.violations(of: value, against: schema).map { "\(context): \($0)" }
  }

  /// Checks a value against one of the document's schemas (`Track`, `Problem`…).
  public func violations(of value: JSONValue, againstSchemaNamed name: String) -> [String] {
    validator.violations(of: value, against: .object(["$ref": .string("#/components/schemas/\(name)")]))
  }

  private static let httpMethods: Set<String> = ["get", "head", "put", "post", "delete", "patch", "options"]

  private static func literalCount(_ template: String) -> Int {
    template.split(separator: "/").filter { !$0.hasPrefix("{") }.count
  }
}
