import HTTPTypes
import NIOConcurrencyHelpers

/// The (method, path template) pairs the server answers, recorded as they are registered, so that a test can
/// compare them with the OpenAPI document and a wrong method can be told from an unknown path.
public struct ServerRoutes: Sendable {
  /// One endpoint: a method and a path template in OpenAPI's spelling (`/v1/artists/{artistID}`).
  public struct Route: Hashable, Sendable {
    /// The method.
    public var method: HTTPRequest.Method
    /// The path template, with `{name}` for each parameter.
    public var template: String
  }

  /// Every endpoint, in registration order.
  public private(set) var all: [Route] = []

  mutating func record(_ method: HTTPRequest.Method, _ template: String) {
    all.append(Route(method: method, template: template))
  }

  /// The methods of the endpoints whose templates match a path (empty when no template does).
  func methods(matching path: String) -> [HTTPRequest.Method] {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    let matching = all.compactMap { route -> (route: Route, literals: Int)? in
      let template = route.template.split(separator: "/", omittingEmptySubsequences: false)
      guard template.count == segments.count else { return nil }
      let matches = zip(template, segments).allSatisfy { pattern, segment in
        pattern.hasPrefix("{") ? !segment.isEmpty : pattern == segment
      }
      return matches ? (route, template.count { !$0.hasPrefix("{") }) : nil
    }
    // The router takes a literal segment over a parameter (`/v1/me/favourites/events` is the feed, never a
    // track called "events"), so only the most literal templates answer the path.
    let mostLiteral = matching.map(\.literals).max()
    return matching.filter { $0.literals == mostLiteral }.map(\.route.method)
  }
}

/// The routes of a router as they are registered; the middleware, added before them, reads them later.
final class RouteRecorder: Sendable {
  private let recorded = NIOLockedValueBox(ServerRoutes())

  var routes: ServerRoutes { recorded.withLockedValue { $0 } }

  func record(_ method: HTTPRequest.Method, _ template: String) {
    recorded.withLockedValue { $0.record(method, template) }
  }
}
