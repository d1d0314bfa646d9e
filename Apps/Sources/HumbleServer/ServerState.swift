import Foundation
import NIOConcurrencyHelpers
import ServicesLive

/// What every handler shares: the store, the address the server listens on, its open feeds.
final class ServerState: Sendable {
  let store: any CatalogStore
  let feeds: FeedRegistry
  let keepAliveInterval: Duration
  /// Where stream files are served from.
  let streamFolder: StreamFolder
  /// Where generated covers are kept (the rule the embedded catalog keeps too).
  let artworkFolder: ArtworkFolder
  private let listeningAddress = NIOLockedValueBox("http://127.0.0.1")

  /// The configured public URL, without a trailing slash; nil: the listening address.
  private let publicURL: String?

  init(
    store: any CatalogStore, keepAliveInterval: Duration, feedQueueLimit: Int, maximumFeedsPerUser: Int,
    publicURL: URL?, streamFolder: URL? = nil, artworkFolder: URL? = nil
  ) {
    self.store = store
    self.streamFolder = StreamFolder(path: streamFolder?.path)
    self.artworkFolder = ArtworkFolder(directory: artworkFolder)
    self.publicURL = publicURL.map { url in
      let text = url.absoluteString
      return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
    self.keepAliveInterval = keepAliveInterval
    feeds = FeedRegistry(store: store, queueLimit: feedQueueLimit, maximumFeedsPerUser: maximumFeedsPerUser)
  }

  /// What every URL the server hands out starts with: the configured public URL, else the listening address.
  var publicBase: String {
    publicURL ?? address
  }

  /// `http://HOST:PORT` of the listening socket, once it is bound.
  var address: String {
    get { listeningAddress.withLockedValue { $0 } }
    set { listeningAddress.withLockedValue { $0 = newValue } }
  }
}
