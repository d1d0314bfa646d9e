import Foundation
import NIOConcurrencyHelpers

/// What the favourites feed sends after its `ready` event.
enum FeedItem: Sendable {
  case favourite(FavouriteEvent)
  case keepAlive
}

/// The open favourites feeds, so that shutdown can end them (a feed is a response that never ends by itself, and a
/// graceful shutdown waits for every response to end), and so that a feed that ends leaves no trace.
final class FeedRegistry: Sendable {
  private struct Feeds {
    var nextID = 0
    var open: [Int: AsyncStream<FeedItem>.Continuation] = [:]
    var isClosed = false
    /// Callers of ``waitUntilOpen(atMost:)`` still waiting, with the count each waits for.
    var waiters: [(id: UUID, atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let feeds = NIOLockedValueBox(Feeds())
  /// How many items a feed holds for a client that does not read them; the feed ends rather than hold more.
  let queueLimit: Int

  /// Creates a registry whose feeds hold at most `queueLimit` unsent items.
  init(queueLimit: Int) {
    self.queueLimit = max(1, queueLimit)
  }

  /// A new feed's stream and its continuation; the stream is already finished once the server is stopping.
  ///
  /// When the feed ends (its client went away, it fell behind, the server stops), `onEnd` runs and the feed
  /// leaves the registry. Set no `onTermination` of your own on the continuation: it would replace the registry's.
  func open(onEnd: @escaping @Sendable () -> Void = {}) -> (
    AsyncStream<FeedItem>, AsyncStream<FeedItem>.Continuation
  ) {
    let (stream, continuation) = AsyncStream<FeedItem>.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
    let id: Int? = feeds.withLockedValue { feeds in
      guard !feeds.isClosed else { return nil }
      defer { feeds.nextID += 1 }
      feeds.open[feeds.nextID] = continuation
      return feeds.nextID
    }
    continuation.onTermination = { [weak self] _ in
      onEnd()
      if let id { self?.remove(id) }
    }
    if id == nil { continuation.finish() }
    return (stream, continuation)
  }

  /// Sends an item down a feed; a feed whose client has fallen `queueLimit` items behind ends instead (its client
  /// reconnects and reads the favourites again, so nothing is lost).
  static func send(_ item: FeedItem, to continuation: AsyncStream<FeedItem>.Continuation) {
    if case .dropped = continuation.yield(item) { continuation.finish() }
  }

  /// How many feeds are open.
  var openCount: Int {
    feeds.withLockedValue { $0.open.count }
  }

  /// Returns once at most `count` feeds are open, or when the calling task is cancelled.
  func waitUntilOpen(atMost count: Int) async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isDone = feeds.withLockedValue { feeds in
          guard feeds.open.count > count, !Task.isCancelled else { return true }
          feeds.waiters.append((id, count, continuation))
          return false
        }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      let waiter = feeds.withLockedValue { feeds in
        let index = feeds.waiters.firstIndex { $0.id == id }
        return index.map { feeds.waiters.remove(at: $0).continuation }
      }
      waiter?.resume()
    }
  }

  /// Ends every open feed, and every feed opened from now on.
  func closeAll() {
    let open = feeds.withLockedValue { feeds in
      feeds.isClosed = true
      return Array(feeds.open.values)
    }
    for continuation in open { continuation.finish() }
  }

  private func remove(_ id: Int) {
    let satisfied = feeds.withLockedValue { feeds in
      feeds.open.removeValue(forKey: id)
      let count = feeds.open.count
      let satisfied = feeds.waiters.filter { $0.atMost >= count }.map(\.continuation)
      feeds.waiters.removeAll { $0.atMost >= count }
      return satisfied
    }
    for waiter in satisfied { waiter.resume() }
  }
}

/// The tasks that feed one feed, cancelled together when it ends (even if it ended before they were added).
final class FeedTasks: Sendable {
  private let state = NIOLockedValueBox((tasks: [Task<Void, Never>](), isCancelled: false))

  /// Adds a task; one added after the feed ended is cancelled at once.
  func add(_ task: Task<Void, Never>) {
    let isCancelled = state.withLockedValue { state in
      if !state.isCancelled { state.tasks.append(task) }
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  /// Cancels every task added, and every one added from now on.
  func cancel() {
    let tasks = state.withLockedValue { state in
      state.isCancelled = true
      defer { state.tasks = [] }
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }
}
