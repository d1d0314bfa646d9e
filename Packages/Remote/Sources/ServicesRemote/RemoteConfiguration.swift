import Foundation
import HumbleSupport

/// How the remote services talk to the server: how long a request may take and how the live favourites
/// feed retries after it drops.
public struct RemoteConfiguration: Hashable, Sendable {
  /// How long one request may take, from sending it to the last byte of the answer.
  public var requestTimeout: Duration
  /// How long the feed waits before each reconnection.
  public var feedBackoff: FeedBackoff

  /// Creates a configuration; the defaults suit a person at a terminal.
  public init(requestTimeout: Duration = .seconds(10), feedBackoff: FeedBackoff = FeedBackoff()) {
    self.requestTimeout = requestTimeout
    self.feedBackoff = feedBackoff
  }
}

/// How the live favourites feed waits before each reconnection: the workspace's one ``Backoff`` policy.
///
/// Attempt 0 waits about `initial`, each later attempt `multiplier` times longer, never more than `maximum`;
/// jitter spreads the waits by up to `jitter` of themselves either way, so many clients cut off by one server
/// restart do not all come back in the same instant.
public typealias FeedBackoff = Backoff
