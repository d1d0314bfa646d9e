import Foundation
import HumbleSupport

/// The origin of the configured server (``HTTPOrigin``, the one rule for origins): the only place the client
/// sends its bearer token.
///
/// A redirect is followed only when it stays on this origin. One to another host or port, or to another scheme
/// (https to http above all, which would send the token in clear), is refused, and the request fails with a
/// one-line reason: the token never reaches a server the user did not name.
typealias ServerOrigin = HTTPOrigin

extension HTTPOrigin {
  /// Why a redirect to `target` is refused, in one line, or nil when it stays on this origin.
  func refusal(ofRedirectTo target: URL?) -> String? {
    guard let target else { return "the server redirected to a URL that cannot be read: refused" }
    let targetText = target.absoluteString.oneLine(atMost: 200)
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
}
