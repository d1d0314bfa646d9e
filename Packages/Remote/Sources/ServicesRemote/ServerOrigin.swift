import Foundation

/// The origin of the configured server (scheme, host and port, as RFC 6454 compares them): the only place the
/// client sends its bearer token.
///
/// A redirect is followed only when it stays on this origin. One to another host or port, or to another scheme
/// (https to http above all, which would send the token in clear), is refused, and the request fails with a
/// one-line reason: the token never reaches a server the user did not name.
struct ServerOrigin: Hashable, Sendable {
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

  /// The origin as a URL prefix, `http://127.0.0.1:8080`.
  var text: String { "\(scheme)://\(host):\(port)" }

  /// Why a redirect to `target` is refused, in one line, or nil when it stays on this origin.
  func refusal(ofRedirectTo target: URL?) -> String? {
    guard let target else { return "the server redirected to a URL that cannot be read: refused" }
    let targetText = target.absoluteString.oneLineURL
    guard let other = ServerOrigin(target) else {
      return "the server redirected to \(targetText), which is not an http or https URL: refused"
    }
    if other == self { return nil }
    if scheme == "https", other.scheme == "http" {
      return "the server redirected to \(targetText), from https to http: refused, the token is never sent in clear"
    }
    return
      "the server redirected to \(targetText), another origin than \(text): refused, the token stays with the server"
  }

  private static func defaultPort(of scheme: String) -> Int {
    switch scheme {
    case "http": 80
    case "https": 443
    default: -1
    }
  }
}

extension String {
  /// A URL as a message quotes it: on one line, and no longer than 200 characters.
  fileprivate var oneLineURL: String {
    let line = String(map { $0.isNewline ? " " : $0 })
    return line.count > 200 ? line.prefix(200) + "…" : line
  }
}
