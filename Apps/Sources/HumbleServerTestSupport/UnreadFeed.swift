import HumbleServer

/// A favourites feed opened inside a running server and not read until the test says so: the way to hold a feed
/// whose client stopped reading, without filling a socket's buffers first.
public struct UnreadFeed: Sendable {
  private let items: AsyncStream<FeedItem>

  /// Reads the feed from now until it ends, and answers the versions of the favourite changes it carried, in
  /// order (keep-alives left out).
  public func versionsUntilItEnds() async -> [Int] {
    var versions: [Int] = []
    for await item in items {
      if case .favourite(let event) = item { versions.append(event.version) }
    }
    return versions
  }

  fileprivate init(items: AsyncStream<FeedItem>) {
    self.items = items
  }
}

/// Why ``HumbleServer/RunningServer/openUnreadFeed(token:store:)`` opened no feed.
public enum UnreadFeedError: Error, CustomStringConvertible {
  /// The store knows no user with the token.
  case unknownToken
  /// The user already holds as many feeds as the server allows.
  case feedLimitReached(Int)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .unknownToken: "The token is not one the store knows."
    case .feedLimitReached(let limit): "The user already holds \(limit) feeds, the server's limit."
    }
  }
}

extension HumbleServer.RunningServer {
  /// Opens a favourites feed for the user of `token` as the feed route does, whose items wait in the feed's
  /// bounded queue until the test reads ``UnreadFeed/versionsUntilItEnds()``.
  public func openUnreadFeed(token: String, store: some CatalogStore) async throws -> UnreadFeed {
    guard let user = try await store.user(withTokenHash: Tokens.hash(token)) else {
      throw UnreadFeedError.unknownToken
    }
    do {
      return UnreadFeed(items: try openFeed(of: user, token: token))
    } catch {
      throw UnreadFeedError.feedLimitReached(error.limit)
    }
  }
}
