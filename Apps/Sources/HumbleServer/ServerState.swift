import NIOConcurrencyHelpers

/// What every handler shares: the store, the address the server listens on, its open feeds.
final class ServerState: Sendable {
  let store: any CatalogStore
  let feeds: FeedRegistry
  let keepAliveInterval: Duration
  private let listeningAddress = NIOLockedValueBox("http://127.0.0.1")

  init(store: any CatalogStore, keepAliveInterval: Duration, feedQueueLimit: Int) {
    self.store = store
    self.keepAliveInterval = keepAliveInterval
    feeds = FeedRegistry(queueLimit: feedQueueLimit)
  }

  /// `http://HOST:PORT` of the listening socket, once it is bound.
  var address: String {
    get { listeningAddress.withLockedValue { $0 } }
    set { listeningAddress.withLockedValue { $0 = newValue } }
  }
}
