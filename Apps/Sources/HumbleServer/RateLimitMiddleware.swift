import Foundation
import HTTPTypes
import HumbleSupport
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// Answers 429 (with `Retry-After`, in whole seconds) to a request beyond its client's ``RateLimiter`` bucket.
///
/// The client of a request is its bearer token when the store says the token is a user's, else its address: a
/// request with a token the server does not know draws from its address's bucket, so that made-up tokens (a fresh
/// one per request) cannot each get a bucket of their own. Looking a token up is one indexed read, what the
/// route's own authentication costs; a user's token is remembered and not looked up again.
struct RateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
  let limiter: RateLimiter
  let knownTokens: KnownTokens

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var client = RateLimiter.Client.address(context.remoteAddress?.ipAddress ?? "unknown")
    if let token = Self.bearerToken(of: request) {
      let hash = Tokens.hash(token)
      if await knownTokens.isUsers(hash) { client = .token(hash) }
    }
    if let wait = limiter.admit(client) { throw refusal(wait) }
    return try await next(request, context)
  }

  private func refusal(_ wait: Duration) -> ProblemError {
    let seconds = max(1, Int(wait.inSeconds.rounded(.up)))
    let limit = limiter.limit
    return ProblemError(
      status: .tooManyRequests,
      detail:
        "Too many requests: a client may make \(limit.requestsPerSecond) a second, \(limit.burst) at once; "
        + "try again in \(seconds) s.",
      headers: [.retryAfter: String(seconds)])
  }

  static func bearerToken(of request: Request) -> String? {
    guard let authorization = request.headers[.authorization] else { return nil }
    let parts = authorization.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1])
  }
}

/// The hashes of tokens the store has said are users', for the rate limit.
///
/// It is bounded: emptied when it reaches `capacity`, and refilled by the next requests. A revoked token stays known until then: it is refused by
/// the routes anyway, and has one bucket, not one per request.
final class KnownTokens: Sendable {
  private let store: any CatalogStore
  private let capacity: Int
  private let hashes = NIOLockedValueBox(Set<String>())

  init(store: any CatalogStore, capacity: Int) {
    self.store = store
    self.capacity = max(1, capacity)
  }

  /// Whether the token is a user's: remembered, else asked of the store (a store that cannot answer: not now).
  func isUsers(_ hash: String) async -> Bool {
    if hashes.withLockedValue({ $0.contains(hash) }) { return true }
    guard (try? await store.user(withTokenHash: hash)) != nil else { return false }
    hashes.withLockedValue { hashes in
      if hashes.count >= capacity { hashes.removeAll(keepingCapacity: true) }
      hashes.insert(hash)
    }
    return true
  }
}

/// The context of every request: Hummingbird's, the address of the client, and its connection.
struct ServerRequestContext: RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The client's address, when the connection knows it.
  let remoteAddress: SocketAddress?
  /// The request's connection.
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    channel = source.channel
  }

  /// Completes when the client has closed its side of the connection or the connection has closed (a client
  /// that went away, or a limit that cut it).
  func clientGone() -> EventLoopFuture<Void> {
    let channel = channel
    return channel.eventLoop.submit {
      (try? channel.pipeline.syncOperations.handler(type: ConnectionGuardHandler.self).clientGone) ?? nil
    }.flatMap { gone in gone ?? channel.closeFuture }
  }
}
