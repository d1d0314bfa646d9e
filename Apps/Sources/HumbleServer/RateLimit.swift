extension HumbleServer {
  /// A request rate per client: a token bucket for each bearer token, and for each client address for requests
  /// without one.
  ///
  /// A client may make `burst` requests at once, then `requestsPerSecond` a second; a request beyond that is
  /// answered 429 with a `Retry-After` header (whole seconds) and a problem document.
  public struct RateLimit: Sendable {
    /// How many requests a second a client may make, on average: 50 by default.
    public var requestsPerSecond: Int
    /// How many requests a client that has been quiet may make at once: 100 by default.
    public var burst: Int
    /// How many clients' buckets the server keeps: 100,000 by default.
    ///
    /// A client unseen for the time its bucket takes to fill is forgotten at no cost (a fresh bucket is a full
    /// one); beyond this many clients in that time, those seen least recently are forgotten early, and may make
    /// a burst again.
    public var trackedClients: Int
    /// The time the buckets fill by, from any fixed start: the continuous clock by default; a test passes a
    /// clock of its own, so that it needs not wait for a bucket to fill.
    public var now: @Sendable () -> Duration

    /// Creates a rate limit; by default 50 requests a second, in bursts of up to 100, for up to 100,000 clients.
    public init(
      requestsPerSecond: Int = 50, burst: Int = 100, trackedClients: Int = 100_000,
      now: @escaping @Sendable () -> Duration = RateLimit.continuousNow
    ) {
      self.requestsPerSecond = requestsPerSecond
      self.burst = burst
      self.trackedClients = trackedClients
      self.now = now
    }

    /// The continuous clock's time since the process first asked for it.
    public static let continuousNow: @Sendable () -> Duration = {
      let start = ContinuousClock.now
      return { ContinuousClock.now - start }
    }()
  }
}
