extension LiveArtworkLoader {
  /// What a loader has done since it was made: how its requests were answered, and the work they took.
  ///
  /// A request is answered from memory (``memoryHits``) or waits for a load of its URL, which many requests of one
  /// URL share. A load of an HTTP(S) URL looks on disk first (``diskHits``) and fetches (``fetches``) when the disk
  /// has nothing that decodes; a load of a `file:` URL always reads the file, a fetch. Every PNG a load hands to the
  /// decoder is a decode (``decodes``), whatever comes of it. So a load costs at most one fetch and two decodes (a
  /// cached file that no longer decodes, then the fetched one), however many requests wait for it.
  ///
  /// The counters only grow; ``bytesInMemory`` is what the memory cache holds when the statistics are read.
  public struct Statistics: Hashable, Sendable {
    /// Calls of ``LiveArtworkLoader/artwork(for:)``, whatever their answer.
    public var requests: Int
    /// Requests answered from the memory cache, without waiting for a load.
    public var memoryHits: Int
    /// Loads answered from the disk cache: its PNG decoded, and nothing was fetched.
    public var diskHits: Int
    /// Fetches started: HTTP(S) downloads and file reads (a cover of the embedded catalog generated when its file is
    /// missing counts as its file's read).
    public var fetches: Int
    /// PNGs handed to the decoder, from the disk cache or fetched, whether they decoded or not.
    public var decodes: Int
    /// Requests answered with an error other than ``Services/ArtworkLoadError/cancelled``: each request waiting for
    /// a load that failed counts, and so does a request of a URL whose scheme the loader does not speak.
    public var failures: Int
    /// The bytes of decoded pixels the memory cache holds (``Services/Artwork/byteCount`` of each artwork kept),
    /// at most ``Configuration/memoryCacheBytes``.
    public var bytesInMemory: Int

    /// Statistics from their parts; all zero by default, as a new loader's are.
    public init(
      requests: Int = 0, memoryHits: Int = 0, diskHits: Int = 0, fetches: Int = 0, decodes: Int = 0, failures: Int = 0,
      bytesInMemory: Int = 0
    ) {
      self.requests = requests
      self.memoryHits = memoryHits
      self.diskHits = diskHits
      self.fetches = fetches
      self.decodes = decodes
      self.failures = failures
      self.bytesInMemory = bytesInMemory
    }
  }

  /// What the loader has done so far, read at once without waiting for any load (its counters under one lock, the
  /// memory cache's bytes just after).
  public var statistics: Statistics {
    var statistics = counters.withLock { $0 }
    statistics.bytesInMemory = memoryCacheByteCount
    return statistics
  }
}
