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

/// Exponential backoff with a cap and jitter, for reconnecting the live favourites feed.
///
/// Attempt 0 waits about ``initial``, each later attempt ``multiplier`` times longer, never more than
/// ``maximum``; jitter spreads the waits by up to ``jitter`` of themselves either way, so many clients cut
/// off by one server restart do not all come back in the same instant.
public struct FeedBackoff: Hashable, Sendable {
  /// The wait before the first reconnection.
  public var initial: Duration
  /// The longest wait.
  public var maximum: Duration
  /// How much longer each wait is than the one before.
  public var multiplier: Double
  /// The fraction (0 through 1) by which a wait may be shortened or lengthened at random.
  public var jitter: Double

  /// Creates backoff settings, clamping the multiplier to at least 1 and the jitter to 0 through 1.
  public init(
    initial: Duration = .milliseconds(250), maximum: Duration = .seconds(30), multiplier: Double = 2,
    jitter: Double = 0.2
  ) {
    self.initial = max(.zero, initial)
    self.maximum = max(self.initial, maximum)
    self.multiplier = max(1, multiplier)
    self.jitter = min(max(0, jitter), 1)
  }

  /// The wait before reconnection `attempt` (0 for the first), given `random` in -1 through 1.
  public func delay(forAttempt attempt: Int, random: Double) -> Duration {
    let base = initial.inSeconds * pow(multiplier, Double(max(0, min(attempt, 64))))
    let capped = min(base, maximum.inSeconds)
    let spread = capped * (1 + jitter * min(max(-1, random), 1))
    return .milliseconds(Int64((min(spread, maximum.inSeconds) * 1000).rounded()))
  }

  /// The wait before reconnection `attempt`, with random jitter.
  public func delay(forAttempt attempt: Int) -> Duration {
    delay(forAttempt: attempt, random: Double.random(in: -1...1))
  }
}
