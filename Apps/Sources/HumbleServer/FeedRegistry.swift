import NIOConcurrencyHelpers

/// What the favourites feed sends after its `ready` event.
enum FeedItem: Sendable {
  case favourite(FavouriteEvent)
  case keepAlive
}

/// The open favourites feeds, so that shutdown can end them: a feed is a response that never ends by itself,
/// and a graceful shutdown waits for every response to end.
final class FeedRegistry: Sendable {
  private struct Feeds {
    var nextID = 0
    var open: [Int: AsyncStream<FeedItem>.Continuation] = [:]
    var isClosed = false
  }

  private let feeds = NIOLockedValueBox(Feeds())

  /// A new feed's stream and its continuation; the stream is already finished once the server is stopping.
  func open() -> (AsyncStream<FeedItem>, AsyncStream<FeedItem>.Continuation) {
    let (stream, continuation) = AsyncStream<FeedItem>.makeStream(bufferingPolicy: .unbounded)
    let id: Int? = feeds.withLockedValue { feeds in
      guard !feeds.isClosed else { return nil }
      defer { feeds.nextID += 1 }
      feeds.open[feeds.nextID] = continuation
      return feeds.nextID
    }
    guard let id else {
      continuation.finish()
      return (stream, continuation)
    }
    continuation.onTermination = { [weak self] _ in
      self?.feeds.withLockedValue { _ = $0.open.removeValue(forKey: id) }
    }
    return (stream, continuation)
  }

  /// Ends every open feed, and every feed opened from now on.
  func closeAll() {
    let open = feeds.withLockedValue { feeds in
      feeds.isClosed = true
      defer { feeds.open = [:] }
      return Array(feeds.open.values)
    }
    for continuation in open { continuation.finish() }
  }
}
