import Foundation
import HTTPTypes
import HumbleSupport
import Hummingbird
import NIOCore

/// Answers 429 (with `Retry-After`, in whole seconds) to a request beyond its client's ``RateLimiter`` bucket:
/// the client of a request with a bearer token is the token, whether or not the server knows it; of one without,
/// its address.
struct RateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
  let limiter: RateLimiter

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let wait = limiter.admit(Self.client(of: request, context: context)) else {
      return try await next(request, context)
    }
    let seconds = max(1, Int(wait.inSeconds.rounded(.up)))
    let limit = limiter.limit
    throw ProblemError(
      status: .tooManyRequests,
      detail:
        "Too many requests: a client may make \(limit.requestsPerSecond) a second, \(limit.burst) at once; "
        + "try again in \(seconds) s.",
      headers: [.retryAfter: String(seconds)])
  }

  static func client(of request: Request, context: Context) -> RateLimiter.Client {
    if let authorization = request.headers[.authorization] {
      let parts = authorization.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" { return .bearer(String(parts[1])) }
    }
    return .address(context.remoteAddress?.ipAddress ?? "unknown")
  }
}

/// The context of every request: Hummingbird's, and the address of the client.
struct ServerRequestContext: RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The client's address, when the connection knows it.
  let remoteAddress: SocketAddress?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
