import Foundation
import HumbleSupport
import NIOConcurrencyHelpers

/// What the favourites feed sends after its `ready` event.
package enum FeedItem: Sendable {
  case favourite(FavouriteEvent)
  /// A keep-alive; whoever takes it from the feed's queue empties its slot, so that the next one may be queued.
  case keepAlive(KeepAliveSlot)
}

/// The one keep-alive a feed may have queued.
///
/// A client that stops reading would otherwise collect a keep-alive at every tick until its queue is full:
/// 5,000 such feeds at a 0.2 s keep-alive grew a server to 618 MB. With the slot, a feed holds at most one, and
/// falls behind only on real changes.
package final class KeepAliveSlot: Sendable {
  private let isFull = NIOLockedValueBox(false)

  /// Fills the slot; false when a keep-alive is queued already.
  func fill() -> Bool {
    isFull.withLockedValue { isFull in
      defer { isFull = true }
      return !isFull
    }
  }

  /// Empties the slot: the queued keep-alive has been taken by the feed's reader.
  package func empty() {
    isFull.withLockedValue { $0 = false }
  }
}

/// The open favourites feeds: each user's changes go to that user's feeds only, each feed holds a bounded queue,
/// a user holds a bounded number of feeds, and a feed whose token was revoked ends.
///
/// The registry reads the store's changes once for every feed (not once per feed) and routes each change to the
/// feeds of its user. Shutdown ends every feed (a feed is a response that never ends by itself, and a graceful
/// shutdown waits for every response to end), and a feed that ends leaves no trace.
final class FeedRegistry: Sendable {
  private struct Feed {
    var continuation: AsyncStream<FeedItem>.Continuation
    var keepAlive = KeepAliveSlot()
    var userID: Int64
    var tokenHash: String
    /// The subscription to the store's changes that feeds this feed.
    var generation: Int
  }

  /// One reading of the store's changes; when the store ends it (it may have missed changes), the feeds it fed
  /// end too, and the next feed opened starts a new one.
  private struct Subscription {
    var generation: Int
    var task: Task<Void, Never>
  }

  private struct Feeds {
    var nextID = 0
    var open: [Int: Feed] = [:]
    var byUser: [Int64: Set<Int>] = [:]
    var subscription: Subscription?
    var nextGeneration = 0
    var isClosed = false
    /// Callers of ``waitUntilOpen(atMost:)`` still waiting, with the count each waits for.
    var waiters: [(id: UUID, atMost: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let feeds = NIOLockedValueBox(Feeds())
  private let store: any CatalogStore
  /// How many items a feed holds for a client that does not read them; the feed ends rather than hold more.
  let queueLimit: Int
  /// How many feeds one user may hold open at once.
  let maximumFeedsPerUser: Int

  /// Creates a registry over a store's changes whose feeds hold at most `queueLimit` unsent items, at most
  /// `maximumFeedsPerUser` of them per user.
  init(store: any CatalogStore, queueLimit: Int, maximumFeedsPerUser: Int) {
    self.store = store
    self.queueLimit = max(1, queueLimit)
    self.maximumFeedsPerUser = max(1, maximumFeedsPerUser)
  }

  /// A new feed of `user`'s changes, known by the hash of the token that opened it; the stream is already
  /// finished once the server is stopping.
  ///
  /// Every change of the user's favourites committed after this call reaches the stream (so read the version
  /// the feed starts from after it). When the feed ends (its client went away, it fell behind, its token was
  /// revoked, the server stops), `onEnd` runs and the feed leaves the registry. Set no `onTermination` of your
  /// own on the continuation: it would replace the registry's.
  ///
  /// - Throws: ``FeedLimitReached`` when the user already holds ``maximumFeedsPerUser`` feeds.
  func open(
    for user: ServerUser, tokenHash: String, onEnd: @escaping @Sendable () -> Void = {}
  ) throws(FeedLimitReached) -> (AsyncStream<FeedItem>, AsyncStream<FeedItem>.Continuation) {
    let (stream, continuation) = AsyncStream<FeedItem>.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
    let id = feeds.withLockedValue { feeds in
      defer { feeds.nextID += 1 }
      return feeds.nextID
    }
    // Set before the feed is in the registry: from then on anything may end it (the store's stream ending,
    // a revocation, shutdown), and an end before the handler was set would leave the feed registered for good.
    continuation.onTermination = { [weak self] _ in
      onEnd()
      self?.remove(id)
    }
    let opened: Result<Bool, FeedLimitReached> = feeds.withLockedValue { feeds in
      guard !feeds.isClosed else { return .success(false) }
      guard feeds.byUser[user.id, default: []].count < maximumFeedsPerUser else {
        return .failure(FeedLimitReached(limit: maximumFeedsPerUser))
      }
      let generation = subscribe(&feeds)
      feeds.open[id] = Feed(
        continuation: continuation, userID: user.id, tokenHash: tokenHash, generation: generation)
      feeds.byUser[user.id, default: []].insert(id)
      return .success(true)
    }
    switch opened {
    case .failure(let error):
      // Refused: the feed never was, so its end is nobody's news.
      continuation.onTermination = nil
      throw error
    case .success(false):
      continuation.finish()
    case .success(true):
      break
    }
    return (stream, continuation)
  }

  /// The generation of the live subscription to the store's changes, started if there is none.
  private func subscribe(_ feeds: inout Feeds) -> Int {
    if let subscription = feeds.subscription { return subscription.generation }
    let generation = feeds.nextGeneration
    feeds.nextGeneration += 1
    let events = store.favouriteEvents()
    let task = Task { [weak self] in
      for await event in events {
        self?.deliver(event)
      }
      self?.end(generation: generation)
    }
    feeds.subscription = Subscription(generation: generation, task: task)
    return generation
  }

  /// Sends a change to its user's feeds.
  private func deliver(_ event: FavouriteEvent) {
    let continuations = feeds.withLockedValue { feeds in
      feeds.byUser[event.userID, default: []].compactMap { feeds.open[$0]?.continuation }
    }
    for continuation in continuations { Self.send(.favourite(event), to: continuation) }
  }

  /// Ends the feeds a subscription fed: the store stopped hearing changes, so they may miss one.
  private func end(generation: Int) {
    let ended = feeds.withLockedValue { feeds in
      if feeds.subscription?.generation == generation { feeds.subscription = nil }
      return feeds.open.values.filter { $0.generation == generation }.map(\.continuation)
    }
    for continuation in ended { continuation.finish() }
  }

  /// Sends an item down a feed; a feed whose client has fallen `queueLimit` items behind ends instead (its client
  /// reconnects and reads the favourites again, so nothing is lost).
  static func send(_ item: FeedItem, to continuation: AsyncStream<FeedItem>.Continuation) {
    if case .dropped = continuation.yield(item) { continuation.finish() }
  }

  /// Sends a keep-alive down every open feed that has none queued.
  func sendKeepAlives() {
    let open = feeds.withLockedValue { feeds in feeds.open.values.map { ($0.continuation, $0.keepAlive) } }
    for (continuation, slot) in open where slot.fill() { Self.send(.keepAlive(slot), to: continuation) }
  }

  /// Ends the feeds opened with a token the store no longer knows (revoked), asking the store once per token.
  ///
  /// A store that cannot answer ends nothing: the feeds are checked again next time.
  func endFeedsOfRevokedTokens() async {
    let tokenHashes = feeds.withLockedValue { feeds in Set(feeds.open.values.map(\.tokenHash)) }
    for tokenHash in tokenHashes {
      let user: ServerUser?
      do { user = try await store.user(withTokenHash: tokenHash) } catch { continue }
      guard user == nil else { continue }
      let revoked = feeds.withLockedValue { feeds in
        feeds.open.values.filter { $0.tokenHash == tokenHash }.map(\.continuation)
      }
      for continuation in revoked { continuation.finish() }
    }
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

  /// Ends every open feed, and every feed opened from now on, and stops reading the store's changes.
  func closeAll() {
    let (open, subscription) = feeds.withLockedValue { feeds in
      feeds.isClosed = true
      defer { feeds.subscription = nil }
      return (feeds.open.values.map(\.continuation), feeds.subscription)
    }
    for continuation in open { continuation.finish() }
    subscription?.task.cancel()
  }

  private func remove(_ id: Int) {
    let satisfied = feeds.withLockedValue { feeds in
      if let feed = feeds.open.removeValue(forKey: id) {
        feeds.byUser[feed.userID]?.remove(id)
        if feeds.byUser[feed.userID]?.isEmpty == true { feeds.byUser[feed.userID] = nil }
        // The storage shrinks once most of it is unused: a burst of feeds leaves no memory behind.
        feeds.open.shrinkIfMostlyUnused()
        feeds.byUser[feed.userID]?.shrinkIfMostlyUnused()
      }
      let count = feeds.open.count
      let satisfied = feeds.waiters.filter { $0.atMost >= count }.map(\.continuation)
      feeds.waiters.removeAll { $0.atMost >= count }
      return satisfied
    }
    for waiter in satisfied { waiter.resume() }
  }
}

/// A user already holds as many favourites feeds as the server allows one user.
package struct FeedLimitReached: Error {
  /// The most feeds one user may hold open.
  package var limit: Int
}
