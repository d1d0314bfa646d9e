import HumbleSupport

/// Fans changes out to any number of `AsyncStream` subscribers.
///
/// Each call to ``stream()`` registers a subscriber at once with an unbounded buffer, so it receives every
/// element sent after the call returns, even if it starts iterating later. Managers use it to implement
/// their `changes()` streams; it is public so that other implementations can do the same.
public final class ChangeBroadcaster<Element: Sendable>: Sendable {
  private struct Subscribers: ~Copyable {
    var nextID = 0
    var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    var isFinished = false
  }

  private let subscribers = Locked(Subscribers())

  /// Creates a broadcaster with no subscribers.
  public init() {}

  deinit {
    finish()
  }

  /// A new stream of every element sent from now on.
  public func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
    let registered: Int? = subscribers.withLock { subscribers in
      guard !subscribers.isFinished else { return nil }
      let id = subscribers.nextID
      subscribers.nextID += 1
      subscribers.continuations[id] = continuation
      return id
    }
    guard let id = registered else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Delivers an element to every current subscriber.
  ///
  /// Elements sent from different threads reach every subscriber in the same order.
  public func send(_ element: Element) {
    subscribers.withLock { subscribers in
      for continuation in subscribers.continuations.values {
        continuation.yield(element)
      }
    }
  }

  /// The number of subscribers whose streams are still open (ServicesTestSupport shows it as
  /// `subscriberCount`).
  package var openSubscriberCount: Int {
    subscribers.withLock { $0.continuations.count }
  }

  /// Ends every stream; later subscribers get a stream that is already finished.
  public func finish() {
    let continuations = subscribers.withLock { subscribers in
      subscribers.isFinished = true
      defer { subscribers.continuations = [:] }
      return Array(subscribers.continuations.values)
    }
    for continuation in continuations {
      continuation.finish()
    }
  }
}
