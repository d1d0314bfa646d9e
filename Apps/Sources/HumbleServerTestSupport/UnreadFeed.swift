import HumbleServer

/// A favourites feed opened inside a running server and not read until the test says so: the way to hold a feed
/// whose client stopped reading, without filling a socket's buffers first.
public struct UnreadFeed: Sendable {
  private let items: AsyncStream<FeedItem>

  /// What a feed carries after its `ready` event.
  public enum Item: Equatable, Sendable {
    /// A favourite change, by its version.
    case favourite(version: Int)
    case keepAlive
  }

  /// Reads the feed from now until it ends, and answers the versions of the favourite changes it carried, in
  /// order (keep-alives left out).
  public func versionsUntilItEnds() async -> [Int] {
    await itemsUntilItEnds().compactMap { item in
      if case .favourite(let version) = item { version } else { nil }
    }
  }

  /// Reads the feed from now until it ends, and answers what it carried, in order.
  public func itemsUntilItEnds() async -> [Item] {
    var read: [Item] = []
    for await item in items {
      switch item {
      case .favourite(let event): read.append(.favourite(version: event.version))
      case .keepAlive(let slot):
        // Taken, as the feed's writer takes it.
        slot.empty()
        read.append(.keepAlive)
      }
    }
    return read
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
  /// Sends one tick's keep-alives down every open feed now, whatever the keep-alive interval: a test's way to
  /// make many ticks happen without waiting for them.
  public func sendKeepAlivesNow() {
    sendKeepAlives()
  }

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
