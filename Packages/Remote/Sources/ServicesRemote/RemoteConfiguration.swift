import Foundation
import HumbleSupport

/// How the remote services talk to the server: how long a request may take, how much of an answer they read,
/// and how the live favourites feed retries after it drops.
public struct RemoteConfiguration: Hashable, Sendable {
  /// How long one request may take, from sending it to the last byte of the answer.
  public var requestTimeout: Duration
  /// How the feed waits before each reconnection.
  public var feedBackoff: FeedBackoff
  /// The largest answer body read, in bytes (default 16 MiB; the largest real answer, the playlists of an
  /// artist with 100,000 tracks, is about 705 KB).
  ///
  /// An answer that announces more, or sends more, is cut off there and the request fails as unavailable
  /// ("the server's answer to GET /v1/artists is larger than 16777216 bytes"), so a broken or hostile server
  /// cannot make the client hold an unbounded body.
  public var maximumBodyBytes: Int
  /// The largest event of the live favourites feed, in bytes (default 64 KiB; a real event is under 200 bytes).
  ///
  /// A line or event that grows past it ends the feed connection ("server at … sent a feed event larger than
  /// 65536 bytes"); the feed reconnects with backoff, as after any drop.
  public var maximumEventBytes: Int
  /// Whether the next page of a walk is asked for as soon as the server names it (default true).
  ///
  /// A page of tracks names the next in its head (`Link: <…>; rel="next"`). With this on, the client asks for
  /// it then, while it still reads the page it has, and the page's caller gets that answer when it asks: the
  /// server works on the next page while the client reads this one. Never more than one page ahead of the caller,
  /// only on the configured server, and an answer read ahead is used only within ``requestTimeout`` of asking.
  public var readsAhead: Bool

  /// The default ``maximumBodyBytes``: 16 MiB.
  public static let defaultMaximumBodyBytes = 16 << 20
  /// The default ``maximumEventBytes``: 64 KiB.
  public static let defaultMaximumEventBytes = 64 << 10

  /// Creates a configuration; the defaults suit a person at a terminal.
  public init(
    requestTimeout: Duration = .seconds(10), feedBackoff: FeedBackoff = FeedBackoff(),
    maximumBodyBytes: Int = Self.defaultMaximumBodyBytes, maximumEventBytes: Int = Self.defaultMaximumEventBytes,
    readsAhead: Bool = true
  ) {
    self.requestTimeout = requestTimeout
    self.feedBackoff = feedBackoff
    self.maximumBodyBytes = maximumBodyBytes
    self.maximumEventBytes = maximumEventBytes
    self.readsAhead = readsAhead
  }
}

/// How the live favourites feed waits before each reconnection: the workspace's one ``Backoff`` policy.
///
/// Attempt 0 waits about `initial`, each later attempt `multiplier` times longer, never more than `maximum`;
/// jitter spreads the waits by up to `jitter` of themselves either way, so many clients cut off by one server
/// restart do not all come back in the same instant.
public typealias FeedBackoff = Backoff
