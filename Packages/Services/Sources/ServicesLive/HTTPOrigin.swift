import Foundation

/// A URL's origin (scheme, host and port, as RFC 6454 compares them): what decides whether a request may carry
/// the client's token.
struct HTTPOrigin: Hashable, Sendable {
  let scheme: String
  let host: String
  let port: Int

  /// The origin of `url`, or nil when it has no scheme or host.
  init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? Self.defaultPort(of: scheme)
  }

  private static func defaultPort(of scheme: String) -> Int {
    switch scheme {
    case "http": 80
    case "https": 443
    default: -1
    }
  }

  /// The origin as a URL prefix, `http://127.0.0.1:8080`.
  var text: String { "\(scheme)://\(host):\(port)" }
}
