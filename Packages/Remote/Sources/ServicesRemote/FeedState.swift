import HumbleSupport

/// Where the live favourites feed stands.
public enum FeedState: Hashable, Sendable {
  /// Opening a connection to the feed.
  case connecting
  /// The feed is open and the favourites re-read: the manager has caught up with the server's `version`.
  case connected(version: Int)
  /// The feed dropped or could not be opened, for `reason` (one line); it reconnects after a backoff.
  case disconnected(reason: String)
  /// The manager was closed; the feed is over for good.
  case closed
}

/// Fans the feed's states out to subscribers, each of which starts with the state now.
final class FeedStateBroadcaster: Sendable {
  private struct Subscribers {
    var current = FeedState.connecting
    var nextID = 0
    var continuations: [Int: AsyncStream<FeedState>.Continuation] = [:]
  }

  private let subscribers = Locked(Subscribers())

  /// The state now.
  var current: FeedState { subscribers.withLock { $0.current } }

  /// The state now, then every later one.
  func stream() -> AsyncStream<FeedState> {
    let (stream, continuation) = AsyncStream<FeedState>.makeStream(bufferingPolicy: .unbounded)
    let id: Int? = subscribers.withLock { subscribers in
      continuation.yield(subscribers.current)
      guard subscribers.current != .closed else { return nil }
      defer { subscribers.nextID += 1 }
      subscribers.continuations[subscribers.nextID] = continuation
      return subscribers.nextID
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Records and announces a new state; `closed` ends every stream.
  func send(_ state: FeedState) {
    let ended: [AsyncStream<FeedState>.Continuation] = subscribers.withLock { subscribers in
      guard subscribers.current != .closed else { return [] }
      subscribers.current = state
      for continuation in subscribers.continuations.values { continuation.yield(state) }
      guard state == .closed else { return [] }
      defer { subscribers.continuations = [:] }
      return Array(subscribers.continuations.values)
    }
    for continuation in ended { continuation.finish() }
  }
}
