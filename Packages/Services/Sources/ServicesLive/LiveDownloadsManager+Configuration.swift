extension LiveDownloadsManager {
  /// How transfers behave.
  public struct Configuration: Hashable, Sendable {
    /// Bytes read per chunk.
    public var chunkSize: Int
    /// A bandwidth limit per transfer, to make progress visible on fast local files; nil for none.
    public var maximumBytesPerSecond: Int?
    /// The smallest progress change that is announced (0.01 announces each percent at most once).
    public var progressGranularity: Double

    /// How long an HTTP(S) transfer may go without receiving a byte (before the response or between parts
    /// of the body) before it fails as stalled.
    public var stallTimeout: Duration

    /// How many times an HTTP(S) transfer whose connection ends early is resumed with a `Range` request
    /// before it fails; 0 never resumes.
    ///
    /// Only a server that announced `Accept-Ranges: bytes` is asked; a stall is resumed once at most.
    public var resumeAttempts: Int

    /// The wait before the first resume; each later one waits twice as long as the one before.
    public var resumeBackoff: Duration

    /// Creates a configuration; the defaults copy as fast as possible, announce each percent, give up on
    /// a stream that sends nothing for 30 seconds, and resume a cut HTTP(S) transfer up to 5 times, waiting
    /// 0.25 s before the first resume.
    public init(
      chunkSize: Int = 64 * 1024,
      maximumBytesPerSecond: Int? = nil,
      progressGranularity: Double = 0.01,
      stallTimeout: Duration = .seconds(30),
      resumeAttempts: Int = 5,
      resumeBackoff: Duration = .milliseconds(250)
    ) {
      self.chunkSize = chunkSize
      self.maximumBytesPerSecond = maximumBytesPerSecond
      self.progressGranularity = progressGranularity
      self.stallTimeout = stallTimeout
      self.resumeAttempts = resumeAttempts
      self.resumeBackoff = resumeBackoff
    }
  }
}
