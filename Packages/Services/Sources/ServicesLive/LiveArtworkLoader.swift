import Foundation
import HumbleSupport
import Services

/// Artwork from files and HTTP(S), decoded by `PNGCodec`, kept in a memory cache and a disk cache, each bounded in
/// bytes.
///
/// A load looks in memory first (decoded pixels, least recently used evicted past
/// ``Configuration/memoryCacheBytes``), then, for `http` and `https`, on disk (the PNG bytes under
/// ``Configuration/diskCacheDirectory``, least recently used evicted past ``Configuration/diskCacheBytes``), then
/// fetches: a `file:` URL is read (and never kept on disk), an HTTP(S) URL downloaded with URLSession, sending the
/// client's token only to its own server's origin (``Authorization``). A cached file that does not decode is
/// deleted and fetched again.
///
/// Given the embedded catalog's artwork (``CatalogArtwork``), a `file:` URL that names one of its covers is loaded
/// through it: a cover whose file is missing or damaged is generated and written (once, however many cells ask for
/// it at once), a URL naming an owner the catalog does not have is not found. Other `file:` URLs are only read.
///
/// Many requests for one URL share one fetch: the first starts it, later ones wait for it. Each waiter can cancel on
/// its own (its call throws ``Services/ArtworkLoadError/cancelled``, the others still get the artwork); when the last
/// waiter has gone, the fetch itself is cancelled (its connection closed, its file read abandoned), and a later
/// request starts a new one.
///
/// What comes back, or why not: a 404 or 410, or a missing file, is
/// ``Services/ArtworkLoadError/notFound(_:)``; another status, a refused connection or the timeout
/// ``Services/ArtworkLoadError/unreachable(_:reason:)`` (with the status in the reason); bytes that are not a PNG
/// ``Services/ArtworkLoadError/notAnImage(_:reason:)``; a PNG or a download past a limit
/// ``Services/ArtworkLoadError/tooLarge(_:width:height:limit:)``; a scheme other than `file`, `http` and `https`
/// ``Services/ArtworkLoadError/unsupportedURL(_:)``.
///
/// ``statistics`` says what it has done so far: requests, memory and disk hits, fetches, decodes and failures.
public final class LiveArtworkLoader: ArtworkLoader, Sendable {
  /// The fetch of one URL that waiters share, and how many wait for it.
  private struct InFlight {
    let fetch: SharedFetch
    var waiters: Int
  }

  /// The limits and caches this loader keeps to.
  public let configuration: Configuration
  private let authorization: Authorization?
  /// The embedded catalog's artwork, whose missing covers this loader generates; nil for none.
  public let localArtwork: CatalogArtwork?
  private let memory: ArtworkMemoryCache
  private let disk: ArtworkDiskCache?
  private let inFlight = Locked<[URL: InFlight]>([:])
  /// What ``statistics`` counts (its bytes in memory are read from the memory cache instead).
  let counters = Locked(Statistics())
  /// Told the number of waiters for a URL each time one joins or leaves its fetch (a test's signal).
  private let waitersChanged: @Sendable (URL, Int) -> Void

  /// A loader keeping to `configuration`, which sends `authorization`'s token to its origin and generates the
  /// missing covers of `localArtwork`.
  public convenience init(
    configuration: Configuration = Configuration(), authorization: Authorization? = nil,
    localArtwork: CatalogArtwork? = nil
  ) {
    self.init(
      configuration: configuration, authorization: authorization, localArtwork: localArtwork,
      waitersChanged: { _, _ in })
  }

  /// A loader that tells `waitersChanged` how many wait for a URL's fetch whenever one joins or leaves it.
  package init(
    configuration: Configuration, authorization: Authorization? = nil, localArtwork: CatalogArtwork? = nil,
    waitersChanged: @escaping @Sendable (URL, Int) -> Void
  ) {
    self.configuration = configuration
    self.authorization = authorization
    self.localArtwork = localArtwork
    self.waitersChanged = waitersChanged
    memory = ArtworkMemoryCache(maximumBytes: configuration.memoryCacheBytes)
    disk = configuration.diskCacheDirectory.map {
      ArtworkDiskCache(directory: $0, maximumBytes: configuration.diskCacheBytes)
    }
  }

  /// The artwork at `url`, decoded: from memory, from disk, or fetched; or why there is none.
  public func artwork(for url: URL) async throws(ArtworkLoadError) -> Artwork {
    count(\.requests)
    if Task.isCancelled { throw .cancelled }
    guard Source(url) != nil else {
      count(\.failures)
      throw .unsupportedURL(url)
    }
    if let artwork = memory.artwork(for: url) {
      count(\.memoryHits)
      return artwork
    }
    let fetch = join(url)
    defer { leave(url, fetch) }
    // Each waiter races the shared fetch against its own cancellation: leaving does not end the fetch for others.
    // The task that hands the fetch's outcome on lasts until the fetch settles, which it always does: answered,
    // failed, timed out, or cancelled once its last waiter has left.
    let result = await FirstOutcome<Result<Artwork, ArtworkLoadError>>.race(
      onCancel: { .failure(.cancelled) },
      start: { mine in Task { _ = mine.settle(await fetch.outcome.value()) } }
    )
    if case .failure(let error) = result, error != .cancelled { count(\.failures) }
    return try result.get()
  }

  /// The bytes of decoded pixels the memory cache holds.
  package var memoryCacheByteCount: Int { memory.byteCount }

  /// Adds one to a counter of ``statistics``.
  private func count(_ counter: WritableKeyPath<Statistics, Int>) {
    counters.withLock { $0[keyPath: counter] += 1 }
  }

  /// `png`, fetched from or kept for `url`, decoded within the configured limits (a decode of ``statistics``).
  private func decode(_ png: Data, from url: URL) -> Result<Artwork, ArtworkLoadError> {
    count(\.decodes)
    return Artwork.decoding(png, from: url, limits: configuration.pngLimits)
  }

  /// Joins the fetch of `url`, starting it when there is none.
  private func join(_ url: URL) -> SharedFetch {
    let (fetch, waiters, isNew) = inFlight.withLock { inFlight in
      if var entry = inFlight[url] {
        entry.waiters += 1
        inFlight[url] = entry
        return (entry.fetch, entry.waiters, false)
      }
      let fetch = SharedFetch()
      inFlight[url] = InFlight(fetch: fetch, waiters: 1)
      return (fetch, 1, true)
    }
    if isNew {
      fetch.start { [self] in
        let result = await load(url)
        // Kept before the fetch leaves the table, so a request in between finds one or the other.
        if case .success(let artwork) = result { memory.insert(artwork, for: url) }
        inFlight.withLock { if $0[url]?.fetch === fetch { $0[url] = nil } }
        return result
      }
    }
    waitersChanged(url, waiters)
    return fetch
  }

  /// Leaves the fetch of `url`; the last waiter to leave a fetch still running cancels it.
  private func leave(_ url: URL, _ fetch: SharedFetch) {
    let waiters = inFlight.withLock { inFlight -> Int? in
      guard var entry = inFlight[url], entry.fetch === fetch else { return nil }
      entry.waiters -= 1
      inFlight[url] = entry.waiters == 0 ? nil : entry
      return entry.waiters
    }
    guard let waiters else { return }
    if waiters == 0 { fetch.cancel() }
    waitersChanged(url, waiters)
  }

  /// Fetches and decodes `url`, through the disk cache for HTTP(S), generating a missing cover of ``localArtwork``.
  private func load(_ url: URL) async -> Result<Artwork, ArtworkLoadError> {
    switch Source(url) {
    case .file:
      count(\.fetches)
      if let localArtwork, let owner = localArtwork.owner(at: url) {
        return await localArtwork.png(of: owner, at: url).flatMap { png in decode(Data(png), from: url) }
      }
      return ArtworkFile.read(url, maximumBytes: configuration.maximumDownloadBytes).flatMap { png in
        decode(png, from: url)
      }
    case .http:
      if let png = disk?.png(for: url) {
        if case .success(let artwork) = decode(png, from: url) {
          count(\.diskHits)
          return .success(artwork)
        }
        disk?.remove(for: url)
      }
      count(\.fetches)
      let download = ArtworkDownload(
        url: url, maximumBytes: configuration.maximumDownloadBytes, timeout: configuration.requestTimeout,
        authorization: authorization)
      switch await download.run() {
      case .failure(let error):
        return .failure(error)
      case .success(let png):
        let decoded = decode(png, from: url)
        if case .success = decoded { disk?.store(png, for: url) }
        return decoded
      }
    case nil:
      return .failure(.unsupportedURL(url))
    }
  }

  /// Where a URL's bytes come from.
  private enum Source {
    case file
    case http

    init?(_ url: URL) {
      switch url.scheme?.lowercased() {
      case "file": self = .file
      case "http", "https": self = .http
      default: return nil
      }
    }
  }
}

/// One fetch that many waiters share: its outcome, and the task that settles it.
private final class SharedFetch: Sendable {
  let outcome = FirstOutcome<Result<Artwork, ArtworkLoadError>>()
  private let task = Locked<Task<Void, Never>?>(nil)

  /// Runs `work` in a task of its own and settles the outcome with its result.
  func start(_ work: @escaping @Sendable () async -> Result<Artwork, ArtworkLoadError>) {
    let outcome = outcome
    let started = Task { _ = outcome.settle(await work()) }
    task.withLock { $0 = started }
  }

  /// Cancels the work: it ends as soon as it notices, and settles the outcome.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }
}
