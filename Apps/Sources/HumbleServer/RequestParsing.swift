import CatalogAPI
import Foundation
import HumbleSupport
import Hummingbird
import Services

/// Reading what a request says: path identifiers, query parameters, the address it was sent to.
enum RequestParsing {
  /// A path parameter, percent-decoded: 1 to `maximumBytes` bytes, no NUL.
  static func identifier(
    _ name: String, _ context: some RequestContext, maximumBytes: Int = CatalogAPI.Limits.identifierBytes
  ) throws -> String {
    let raw = context.parameters.get(name) ?? ""
    guard let decoded = raw.removingPercentEncoding else {
      throw ProblemError.badParameter(name, "The \(name) '\(raw)' is not valid percent-encoded UTF-8.")
    }
    let bytes = decoded.utf8.count
    guard bytes > 0 else { throw ProblemError.badParameter(name, "The \(name) is empty.") }
    guard bytes <= maximumBytes else {
      throw ProblemError.badParameter(name, "The \(name) is \(bytes) bytes long; the limit is \(maximumBytes).")
    }
    guard !decoded.containsNUL else {
      throw ProblemError.badParameter(name, "The \(name) holds a NUL character.")
    }
    return decoded
  }

  /// Whose artwork a path parameter names (``CatalogAPI/ArtworkOwner``): up to
  /// ``CatalogAPI/Limits/artworkIdentifierBytes`` bytes, `artist-` or `playlist-` before an identifier.
  static func artworkOwner(_ name: String, _ context: some RequestContext) throws -> CatalogAPI.ArtworkOwner {
    let id = try identifier(name, context, maximumBytes: CatalogAPI.Limits.artworkIdentifierBytes)
    guard let owner = CatalogAPI.ArtworkOwner(artworkID: id) else {
      throw ProblemError.badParameter(
        name,
        "The \(name) '\(clip(Substring(id)))' is not artist-<artistID> or playlist-<playlistID> "
          + "(an identifier of 1 to \(CatalogAPI.Limits.identifierBytes) bytes).")
    }
    return owner
  }

  /// The identifiers a track lookup asks for: its JSON body's `ids`, 1 to ``CatalogAPI/Limits/tracksPerLookup``
  /// of them, each 1 to 256 characters long (Unicode scalars, as the OpenAPI document's `maxLength` counts).
  ///
  /// An identifier no catalog can hold (a NUL in it, or over 256 bytes of UTF-8) is not an error: it names nothing,
  /// and the lookup leaves it out.
  static func trackLookup(_ request: Request) async throws -> [String] {
    let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
    guard mediaType?.lowercased() == "application/json" else {
      throw ProblemError(status: .unsupportedMediaType, detail: "A track lookup's body must be application/json.")
    }
    let body = try await request.body.collect(upTo: CatalogAPI.Limits.trackLookupBodyBytes)
    let lookup: TrackLookup
    do {
      lookup = try CatalogJSON.decoder().decode(TrackLookup.self, from: Data(body.readableBytesView))
    } catch {
      throw ProblemError.badParameter("ids", "The body is not a JSON object with an array of strings named ids.")
    }
    let limit = CatalogAPI.Limits.tracksPerLookup
    guard (1...limit).contains(lookup.ids.count) else {
      throw ProblemError.badParameter(
        "ids", "The lookup asks for \(lookup.ids.count) tracks; it may ask for 1 to \(limit).")
    }
    for id in lookup.ids {
      let length = id.unicodeScalars.count
      guard length > 0 else { throw ProblemError.badParameter("ids", "An identifier in ids is empty.") }
      guard length <= CatalogAPI.Limits.identifierBytes else {
        throw ProblemError.badParameter(
          "ids",
          "An identifier in ids is \(length) characters long; the limit is \(CatalogAPI.Limits.identifierBytes).")
      }
    }
    return lookup.ids.filter(CatalogAPI.Identifier.canName)
  }

  /// The page an artist's tracks request asks for, from `offset`, `limit` and `sort`, or after the cursor `after`.
  static func trackPage(_ request: Request) throws -> TrackPageRequest {
    let query = request.uri.queryParameters
    var offset = 0
    if let raw = query["offset"] {
      guard let value = Int(raw), (0...1_000_000_000).contains(value) else {
        throw ProblemError.badParameter(
          "offset", "The offset '\(clip(raw))' is not an integer from 0 to 1000000000.")
      }
      offset = value
    }
    var limit = TrackPageRequest.defaultLimit
    if let raw = query["limit"] {
      // A limit too large for Int is still a number above the maximum, which is cut to it.
      let isDigits = !raw.isEmpty && raw.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      guard let value = Int(raw) ?? (isDigits ? Int.max : nil), value >= 1 else {
        throw ProblemError.badParameter(
          "limit",
          "The limit '\(clip(raw))' is not an integer of at least 1 (at most \(TrackPageRequest.maximumLimit) are sent)."
        )
      }
      limit = value
    }
    var order = TrackOrder.catalog
    if let raw = query["sort"] {
      guard let value = TrackOrder(rawValue: String(raw)) else {
        let known = TrackOrder.allCases.map(\.rawValue).joined(separator: ", ")
        throw ProblemError.badParameter("sort", "The sort '\(clip(raw))' is not one of \(known).")
      }
      order = value
    }
    if let raw = query["after"] {
      // The cursor carries its order: `sort` beside it is not read (a client sends back what it was handed).
      guard let cursor = TrackCursor(encoded: String(raw)) else {
        throw ProblemError.badParameter(
          "after", "The cursor '\(clip(raw))' is not one this server hands out (a page's nextCursor).")
      }
      return TrackPageRequest(after: cursor, offset: offset, limit: limit)
    }
    return TrackPageRequest(offset: offset, limit: limit, order: order)
  }

  /// The artist search query, if any: at most ``CatalogAPI/Limits/queryCharacters`` characters.
  static func searchQuery(_ request: Request) throws -> String? {
    guard let raw = request.uri.queryParameters["query"] else { return nil }
    // Counted in Unicode scalars, as the OpenAPI document's maxLength is: a letter with combining marks is
    // one Character in Swift but several code points to a client checking the schema.
    let length = raw.unicodeScalars.count
    guard length <= CatalogAPI.Limits.queryCharacters else {
      throw ProblemError.badParameter(
        "query", "The query is \(length) characters long; the limit is \(CatalogAPI.Limits.queryCharacters).")
    }
    return String(raw)
  }

  /// A parameter's text as an error quotes it: at most 64 characters, control characters escaped.
  static func clip(_ text: Substring) -> String {
    // Control characters escaped (`\n`): a problem's detail is one line, and it shows what was sent.
    let shown = text.prefix(64).unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
    }.joined()
    return text.count <= 64 ? shown : shown + "…"
  }
}
