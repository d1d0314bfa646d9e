import HumbleSupport
import NIOConcurrencyHelpers

/// The token buckets of a ``HumbleServer/RateLimit``, one per client, in a table of bounded size.
///
/// The table has two generations: a client is looked up in the current one, then the previous one (and moved to
/// the current one). When the buckets' fill time has passed since the current generation began, or it holds
/// half the tracked clients, it becomes the previous one and the previous one is dropped: a client dropped by
/// time had a full bucket anyway, one dropped by count (a spray of clients) gets a fresh bucket.
final class RateLimiter: Sendable {
  /// Whose bucket a request draws from.
  enum Client: Hashable, Sendable {
    /// A user's bearer token, by its SHA-256 hash (a token can be long; the table keeps the 64 hex digits).
    case token(String)
    /// The client's address, for requests without a token.
    case address(String)

  }

  private struct Bucket {
    var tokens: Double
    var updated: Duration
  }

  private struct Table {
    var current: [Client: Bucket] = [:]
    var previous: [Client: Bucket] = [:]
    var generationStarted: Duration
  }

  let limit: HumbleServer.RateLimit
  private let fillTime: Duration
  private let table: NIOLockedValueBox<Table>

  init(_ limit: HumbleServer.RateLimit) {
    self.limit = limit
    fillTime = max(.seconds(1), .seconds(Double(limit.burst) / Double(limit.requestsPerSecond)))
    table = NIOLockedValueBox(Table(generationStarted: limit.now()))
  }

  /// How many clients' buckets the table holds now.
  var trackedCount: Int { table.withLockedValue { $0.current.count + $0.previous.count } }

  /// Takes a request from the client's bucket: nil when it may go ahead, else how long until it may.
  func admit(_ client: Client) -> Duration? {
    let now = limit.now()
    let rate = Double(limit.requestsPerSecond)
    let burst = Double(limit.burst)
    let half = max(1, limit.trackedClients / 2)
    return table.withLockedValue { table in
      if now - table.generationStarted >= fillTime + fillTime {
        table.previous = [:]
        table.current = [:]
        table.generationStarted = now
      } else if now - table.generationStarted >= fillTime {
        table.previous = table.current
        table.current = [:]
        table.generationStarted = now
      }
      var bucket: Bucket
      if let current = table.current[client] {
        bucket = current
      } else {
        bucket = table.previous.removeValue(forKey: client) ?? Bucket(tokens: burst, updated: now)
        if table.current.count >= half {
          table.previous = table.current
          table.current = [:]
          table.generationStarted = now
        }
      }
      let elapsed = max(0, (now - bucket.updated).inSeconds)
      bucket.tokens = min(burst, bucket.tokens + elapsed * rate)
      bucket.updated = now
      defer { table.current[client] = bucket }
      if bucket.tokens >= 1 {
        bucket.tokens -= 1
        return nil
      }
      return .seconds((1 - bucket.tokens) / rate)
    }
  }
}
