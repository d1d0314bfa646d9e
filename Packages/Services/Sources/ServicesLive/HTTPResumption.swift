import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a whole response said that lets a cut transfer ask for the rest of the same bytes with `Range`.
///
/// Only a response announcing `Accept-Ranges: bytes` makes one: resuming from a server that never said it
/// honours ranges would only ever restart the transfer.
struct HTTPResumption: Equatable, Sendable {
  /// The response's strong `ETag`, or else its `Last-Modified`, sent back as `If-Range` so that a resource
  /// changed since is sent whole (200) instead of mixing two versions.
  var validator: String?
  /// The length of the whole body, when the response announced it.
  var totalLength: Int?
}

extension HTTPResumption {
  init?(_ response: HTTPURLResponse) {
    let acceptsRanges = response.header("Accept-Ranges")?.lowercased().split(separator: ",")
      .contains { $0.trimmingCharacters(in: .whitespaces) == "bytes" }
    guard acceptsRanges == true else { return nil }
    // A weak ETag cannot be used in If-Range (RFC 9110 13.1.5): the server would send the whole body again.
    let strongETag = response.header("ETag").flatMap { $0.hasPrefix("W/") ? nil : $0 }
    validator = strongETag ?? response.header("Last-Modified")
    totalLength = response.expectedContentLength > 0 ? Int(response.expectedContentLength) : nil
  }
}

/// A `Content-Range: bytes first-last/total` header of a 206 response.
struct ContentRange: Equatable, Sendable {
  var first: Int
  var last: Int
  /// Nil when the server wrote `*`: it does not know the whole length.
  var total: Int?
}

extension ContentRange {
  init?(_ value: String) {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
    let parts = trimmed.dropFirst("bytes ".count).split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false)
    guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, last >= first
    else { return nil }
    let total = parts[1] == "*" ? nil : Int(parts[1])
    if parts[1] != "*" {
      guard let total, total > last else { return nil }
    }
    self.first = first
    self.last = last
    self.total = total
  }
}

extension HTTPURLResponse {
  /// A header's value, its name compared without case.
  func header(_ name: String) -> String? {
    for (key, value) in allHeaderFields {
      if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame { return value as? String }
    }
    return nil
  }
}
