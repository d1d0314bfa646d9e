import Foundation

/// How long to wait before each retry: exponential backoff with one jitter policy.
///
/// Attempt 0 waits about ``initial``, each later attempt ``multiplier`` times longer, never more than
/// ``maximum``. Jitter spreads each wait by up to ``jitter`` of itself *either way* (shorter or longer), then
/// caps it at ``maximum`` again. That is the one policy the workspace uses: a spread in both directions keeps
/// the mean wait at the nominal backoff (a policy that only adds makes every wait longer on average), still
/// spreads many clients cut off by one restart so that they do not all come back in the same instant, and the
/// cap holds whatever the draw.
public struct Backoff: Hashable, Sendable {
  /// The wait before the first retry.
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

  /// The wait before retry `attempt` (0 for the first), given `random` in -1 through 1.
  public func delay(forAttempt attempt: Int, random: Double) -> Duration {
    let base = initial.inSeconds * pow(multiplier, Double(max(0, min(attempt, 64))))
    let capped = min(base, maximum.inSeconds)
    let spread = capped * (1 + jitter * min(max(-1, random), 1))
    return .milliseconds(Int64((min(spread, maximum.inSeconds) * 1000).rounded()))
  }

  /// The wait before retry `attempt` (0 for the first), with random jitter.
  public func delay(forAttempt attempt: Int) -> Duration {
    delay(forAttempt: attempt, random: Double.random(in: -1...1))
  }
}
