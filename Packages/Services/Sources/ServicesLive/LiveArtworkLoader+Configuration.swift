import Foundation
import HumbleSupport
import PNGCodec

extension LiveArtworkLoader {
  /// The loader's limits and caches: each limit is checked before the memory it guards is allocated.
  ///
  /// The defaults suit a terminal's poster grid (covers of 256 × 256 pixels, 256 KiB each decoded):
  ///
  /// - ``pngLimits``: `PNGLimits()`, 16 MiB of PNG, 8,192 pixels a side, 64 MiB of decoded pixels.
  /// - ``maximumDownloadBytes``: 16 MiB (``defaultMaximumDownloadBytes``).
  /// - ``requestTimeout``: 10 seconds.
  /// - ``memoryCacheBytes``: 64 MiB of pixels (``defaultMemoryCacheBytes``), 256 covers.
  /// - ``diskCacheBytes``: 128 MiB of PNG (``defaultDiskCacheBytes``).
  /// - ``diskCacheDirectory``: `$XDG_CACHE_HOME/humble/artwork`, else `~/.cache/humble/artwork`.
  public struct Configuration: Hashable, Sendable {
    /// How large a PNG is decoded: its bytes, its sides and its decoded pixels, checked before allocating.
    ///
    /// A PNG whose header claims more is refused as ``Services/ArtworkLoadError/tooLarge(_:width:height:limit:)``
    /// (a PNG claiming 100,000 × 100,000 pixels is refused from its first 24 bytes).
    public var pngLimits: PNGLimits
    /// The most bytes an HTTP(S) answer or a file may hold.
    ///
    /// An answer that announces more is refused before its body is read; one that sends more (or never ends) is
    /// cut as soon as it passes the limit, without buffering the rest. Either way the load fails as
    /// ``Services/ArtworkLoadError/tooLarge(_:width:height:limit:)`` naming this limit.
    public var maximumDownloadBytes: Int
    /// How long an HTTP(S) fetch may take, from sending the request to the last byte of the answer; a fetch past
    /// it fails as ``Services/ArtworkLoadError/unreachable(_:reason:)``.
    public var requestTimeout: Duration
    /// The most bytes of decoded pixels kept in memory, counted as ``Services/Artwork/byteCount``.
    ///
    /// Past it, the least recently used artwork goes first; one larger than the whole limit is not kept. 0 keeps
    /// nothing.
    public var memoryCacheBytes: Int
    /// The most bytes of PNG kept on disk.
    ///
    /// Past it, the least recently used files go first (by modification time, refreshed at each hit); 0 keeps
    /// nothing.
    public var diskCacheBytes: Int
    /// Where the disk cache lives (created with mode 0700 when first written); nil for no disk cache.
    public var diskCacheDirectory: URL?

    /// The default ``maximumDownloadBytes``: 16 MiB, as much as ``pngLimits`` decodes by default.
    public static let defaultMaximumDownloadBytes = 16 << 20
    /// The default ``memoryCacheBytes``: 64 MiB, 256 covers of 256 × 256 pixels.
    public static let defaultMemoryCacheBytes = 64 << 20
    /// The default ``diskCacheBytes``: 128 MiB.
    public static let defaultDiskCacheBytes = 128 << 20

    /// The default ``diskCacheDirectory``: `humble/artwork` under the XDG cache directory that `directories`
    /// name (`$XDG_CACHE_HOME`, else `~/.cache`).
    public static func defaultDiskCacheDirectory(in directories: UserDirectories = UserDirectories()) -> URL {
      directories.cacheHome.appendingPathComponent("humble/artwork", isDirectory: true)
    }

    /// Creates a configuration; the defaults are listed on ``LiveArtworkLoader/Configuration``.
    public init(
      pngLimits: PNGLimits = PNGLimits(),
      maximumDownloadBytes: Int = Self.defaultMaximumDownloadBytes,
      requestTimeout: Duration = .seconds(10),
      memoryCacheBytes: Int = Self.defaultMemoryCacheBytes,
      diskCacheBytes: Int = Self.defaultDiskCacheBytes,
      diskCacheDirectory: URL? = Self.defaultDiskCacheDirectory()
    ) {
      self.pngLimits = pngLimits
      self.maximumDownloadBytes = maximumDownloadBytes
      self.requestTimeout = requestTimeout
      self.memoryCacheBytes = memoryCacheBytes
      self.diskCacheBytes = diskCacheBytes
      self.diskCacheDirectory = diskCacheDirectory
    }
  }

  /// The client's server and its bearer token: the token is sent only to that server's origin.
  ///
  /// The origin is the URL's scheme, host and port, compared as RFC 6454 compares them (`http://host` is
  /// `http://host:80`). A request to another origin carries no `Authorization` header, nor does any request of a
  /// fetch once a redirect has left the origin (even one that comes back).
  public struct Authorization: Hashable, Sendable, CustomStringConvertible {
    /// A URL on the server (its base URL): only its scheme, host and port count.
    public var origin: URL
    /// The token, sent as `Authorization: Bearer <token>`.
    public var bearerToken: String

    /// The token `bearerToken` for the server at `origin`.
    public init(origin: URL, bearerToken: String) {
      self.origin = origin
      self.bearerToken = bearerToken
    }

    /// The origin without the token, so that a log line or a failed expectation never shows it.
    public var description: String {
      "Authorization(origin: \(HTTPOrigin(origin)?.text ?? origin.absoluteString), bearerToken: <hidden>)"
    }
  }
}
