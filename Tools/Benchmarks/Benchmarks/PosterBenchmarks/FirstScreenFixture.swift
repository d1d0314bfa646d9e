import Benchmark
import Foundation
@_spi(Testing) import HumbleApp
import Presentation
import ServicesLive

/// The 10,000 posters in a grid's data source, for timing a new grid's first screen with the loader's caches cold or
/// warm: their artwork over HTTP on loopback (``PosterServer``) or from files.
///
/// "Cold" is the loader's: the files stay in the operating system's page cache throughout.
@MainActor
final class FirstScreenFixture {
  /// How warm the loader's caches are when a grid appears.
  enum Cache: Sendable {
    /// HTTP; a new loader each time, its disk cache emptied: every poster is fetched.
    case cold
    /// HTTP; a new loader each time on a disk cache that holds the first screen and what it prefetches.
    case warmDisk
    /// HTTP; one loader whose memory cache holds the first screen and what it prefetches.
    case warmMemory
    /// Files; a new loader each time (a file is never kept on disk).
    case coldFiles
  }

  let cache: Cache
  let artwork: PosterArtwork
  let dataSource: PosterGridDataSource
  /// Kept for as long as the fixture: the posters' URLs point at it.
  let server: PosterServer?
  let diskCache: URL
  private var loader: LiveArtworkLoader
  private var before = LiveArtworkLoader.Statistics()
  /// The figures written to standard error so far: each different one once.
  private var written: Set<String> = []

  private init(cache: Cache, artwork: PosterArtwork, dataSource: PosterGridDataSource, server: PosterServer?) {
    self.cache = cache
    self.artwork = artwork
    self.dataSource = dataSource
    self.server = server
    diskCache = artwork.folder.appendingPathComponent("disk-cache", isDirectory: true)
    loader = LiveArtworkLoader(configuration: .init(diskCacheDirectory: diskCache))
  }

  /// Writes the posters' files, serves them when the cache is an HTTP one, loads them into a data source, and
  /// warms the caches a warm case needs with one first screen and its prefetches.
  static func make(_ cache: Cache) async throws -> FirstScreenFixture {
    let artwork = try PosterArtwork.generate()
    let server = cache == .coldFiles ? nil : try PosterServer(serving: artwork)
    let posters = server.map { server in artwork.posters(artworkURL: server.url) } ?? artwork.postersInFiles()
    let dataSource = PosterGridDataSource(source: PosterSource { _ in posters })
    await dataSource.reload()
    precondition(dataSource.cellModels.count == artwork.count, "the data source has \(dataSource.cellModels.count)")
    let fixture = FirstScreenFixture(cache: cache, artwork: artwork, dataSource: dataSource, server: server)
    if cache == .warmDisk || cache == .warmMemory {
      let run = PosterGridRun(dataSource: dataSource, loader: fixture.loader)
      await run.waitUntilVisibleArtworkIsShown()
      await run.waitUntilNoLoadIsInFlight()
    }
    return fixture
  }

  /// Sets the caches up for the next grid, untimed: a new loader (and an empty disk cache when cold), or the same.
  func prepareIteration() {
    switch cache {
    case .cold:
      try? FileManager.default.removeItem(at: diskCache)
      loader = LiveArtworkLoader(configuration: .init(diskCacheDirectory: diskCache))
    case .warmDisk, .coldFiles:
      loader = LiveArtworkLoader(configuration: .init(diskCacheDirectory: diskCache))
    case .warmMemory:
      break
    }
    before = loader.statistics
  }

  /// The timed part: a new grid, until every visible poster shows its artwork.
  func showFirstScreen() async -> PosterGridRun {
    let run = PosterGridRun(dataSource: dataSource, loader: loader)
    await run.waitUntilVisibleArtworkIsShown()
    return run
  }

  /// Lets the grid's prefetches end, untimed, and says what the loader did for this grid; stops the run when that
  /// is not what the cache case claims (a cold case that hit a cache, a warm one that fetched).
  func finish(_ run: PosterGridRun) async -> FirstScreenFigures {
    let visible = run.controller.visibleIndexes.count
    await run.waitUntilNoLoadIsInFlight()
    let done = loader.statistics.since(before)
    let honest =
      switch cache {
      case .cold, .coldFiles: done.memoryHits == 0 && done.diskHits == 0 && done.fetches >= visible
      case .warmDisk: done.fetches == 0 && done.diskHits >= visible
      case .warmMemory: done.fetches == 0 && done.decodes == 0 && done.memoryHits >= visible
      }
    guard honest, done.failures == 0 else {
      fatalError("a first screen of \(visible) posters, \(cache), made the loader do \(done)")
    }
    let figures = FirstScreenFigures(
      visible: visible, prefetchesStarted: run.controller.prefetchesStarted.count, done: done)
    // The benchmark's histograms keep three significant digits: the exact counts go to standard error (which the
    // benchmark silences under --no-progress).
    if written.insert(figures.description).inserted { FileHandle.standardError.write(Data("\(figures)\n".utf8)) }
    return figures
  }
}

/// What the loader did for one first screen (and its prefetches).
struct FirstScreenFigures: Sendable, CustomStringConvertible {
  var visible: Int
  var prefetchesStarted: Int
  var done: LiveArtworkLoader.Statistics

  /// One line with every figure, exact.
  var description: String {
    "first screen: \(visible) posters visible, \(prefetchesStarted) prefetches started; loader: \(done.requests) "
      + "requests, \(done.memoryHits) memory hits, \(done.diskHits) disk hits, \(done.fetches) fetches, "
      + "\(done.decodes) decodes"
  }

  static let visibleMetric = BenchmarkMetric.custom("visible posters", useScalingFactor: false)
  static let prefetches = BenchmarkMetric.custom("prefetches started", useScalingFactor: false)
  static let fetches = BenchmarkMetric.custom("fetches", useScalingFactor: false)
  static let diskHits = BenchmarkMetric.custom("disk hits", useScalingFactor: false)
  static let memoryHits = BenchmarkMetric.custom("memory hits", useScalingFactor: false)
  static let decodes = BenchmarkMetric.custom("decodes", useScalingFactor: false)

  /// The custom metrics a first screen reports.
  static let metrics = [visibleMetric, prefetches, fetches, diskHits, memoryHits, decodes]

  /// Hands each figure to the benchmark as a custom metric.
  func report(to benchmark: Benchmark) {
    benchmark.measurement(Self.visibleMetric, visible)
    benchmark.measurement(Self.prefetches, prefetchesStarted)
    benchmark.measurement(Self.fetches, done.fetches)
    benchmark.measurement(Self.diskHits, done.diskHits)
    benchmark.measurement(Self.memoryHits, done.memoryHits)
    benchmark.measurement(Self.decodes, done.decodes)
  }
}
