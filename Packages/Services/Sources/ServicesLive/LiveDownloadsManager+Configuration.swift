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

    /// The largest download kept, in bytes (default ``defaultMaximumBytes``, 2 GiB: an hour of uncompressed
    /// CD-quality audio is about 635 MB).
    ///
    /// A source that announces more fails before its body is read; one that sends more, or never ends, fails
    /// when it passes the limit. Either way the track ends `failed` with a reason naming the limit, and the
    /// partial file is deleted.
    public var maximumBytes: Int

    /// Whether `file:` stream URLs are downloaded (default true, for an embedded catalog of local files).
    ///
    /// Set it to false when the tracks come from a server: a remote catalog could otherwise point a track at
    /// any file this user can read and have it copied into the downloads. Such a track is refused with
    /// ``DownloadError/fileURLFromServer(_:)`` before anything starts.
    public var acceptsFileURLs: Bool

    /// The default ``maximumBytes``: 2 GiB.
    public static let defaultMaximumBytes = 2 << 30

    /// Creates a configuration; the defaults copy as fast as possible, announce each percent, give up on
    /// a stream that sends nothing for 30 seconds, and resume a cut HTTP(S) transfer up to 5 times, waiting
    /// 0.25 s before the first resume.
    public init(
      chunkSize: Int = 64 * 1024,
      maximumBytesPerSecond: Int? = nil,
      progressGranularity: Double = 0.01,
      stallTimeout: Duration = .seconds(30),
      resumeAttempts: Int = 5,
      resumeBackoff: Duration = .milliseconds(250),
      maximumBytes: Int = Self.defaultMaximumBytes,
      acceptsFileURLs: Bool = true
    ) {
      self.chunkSize = chunkSize
      self.maximumBytesPerSecond = maximumBytesPerSecond
      self.progressGranularity = progressGranularity
      self.stallTimeout = stallTimeout
      self.resumeAttempts = resumeAttempts
      self.resumeBackoff = resumeBackoff
      self.maximumBytes = maximumBytes
      self.acceptsFileURLs = acceptsFileURLs
    }
  }
}
