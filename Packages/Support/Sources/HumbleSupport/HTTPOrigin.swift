import Foundation

/// A URL's origin (scheme, host and port, as RFC 6454 compares them): what decides whether a request may carry a
/// client's token.
///
/// The remote services send their token only to their server's origin, and the artwork loader only to the
/// origin it was given; both compare origins with this one rule.
public struct HTTPOrigin: Hashable, Sendable {
  /// The scheme, lowercased.
  public let scheme: String
  /// The host, lowercased.
  public let host: String
  /// The port: the URL's, or the scheme's default (80 for http, 443 for https, -1 for any other).
  public let port: Int

  /// The origin of `url`, or nil when it has no scheme or host.
  public init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? Self.defaultPort(of: scheme)
  }

  /// The origin as a URL prefix, `http://127.0.0.1:8080`.
  public var text: String { "\(scheme)://\(host):\(port)" }

  private static func defaultPort(of scheme: String) -> Int {
    switch scheme {
    case "http": 80
    case "https": 443
    default: -1
    }
  }
}
