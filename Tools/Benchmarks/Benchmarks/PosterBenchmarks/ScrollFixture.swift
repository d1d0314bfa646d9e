import Benchmark
import Foundation
import Presentation
import ServicesLive

/// The 10,000 posters in files, loaded into a grid's data source, for scrolls from top to bottom: each scroll gets a
/// new loader (its memory cache empty) and a new grid.
@MainActor
final class ScrollFixture {
  let artwork: PosterArtwork
  let dataSource: PosterGridDataSource
  /// The loaders' disk cache: a temporary folder, as the app's is under XDG (a `file:` URL is never kept there).
  let diskCache: URL
  /// The loader of the scroll being run.
  private var loader: LiveArtworkLoader?
  private var residentBefore = 0
  private var scrolled: PosterGridRun.Scroll?

  private init(artwork: PosterArtwork, dataSource: PosterGridDataSource) {
    self.artwork = artwork
    self.dataSource = dataSource
    diskCache = artwork.folder.appendingPathComponent("disk-cache", isDirectory: true)
  }

  /// Writes the posters' files and loads them into a data source.
  static func make() async throws -> ScrollFixture {
    let artwork = try PosterArtwork.generate()
    let posters = artwork.postersInFiles()
    let dataSource = PosterGridDataSource(source: PosterSource { _ in posters })
    await dataSource.reload()
    precondition(dataSource.cellModels.count == artwork.count, "the data source has \(dataSource.cellModels.count)")
    return ScrollFixture(artwork: artwork, dataSource: dataSource)
  }

  /// Makes a new loader whose memory cache keeps `memoryCacheBytes`, untimed: the memory the previous scroll freed
  /// goes back to the system, and the peak is reset to what is resident then.
  func prepareScroll(memoryCacheBytes: Int) {
    loader = LiveArtworkLoader(
      configuration: .init(memoryCacheBytes: memoryCacheBytes, diskCacheDirectory: diskCache))
    ResidentMemory.returnFreedMemory()
    residentBefore = ResidentMemory.current
    ResidentMemory.resetPeak()
  }

  /// The timed part: a new grid over the prepared loader, scrolled from top to bottom.
  func scroll() async {
    guard let loader else { fatalError("a scroll without a loader prepared") }
    scrolled = await PosterGridRun(dataSource: dataSource, loader: loader).scrollTopToBottom()
  }

  /// What the scroll did, and the loader let go.
  ///
  /// Stops the run unless every poster was displayed and the loader decoded no more than the posters displayed and
  /// prefetched.
  func finishScroll() -> ScrollFigures {
    let peak = ResidentMemory.peak
    guard let loader, let scroll = scrolled else { fatalError("no scroll to finish") }
    self.loader = nil
    scrolled = nil
    let figures = ScrollFigures(
      scroll: scroll, statistics: loader.statistics, memoryCacheBytes: loader.configuration.memoryCacheBytes,
      residentBefore: residentBefore, peakResident: peak)
    guard scroll.displayed.count == artwork.count else {
      fatalError("the scroll displayed \(scroll.displayed.count) of the \(artwork.count) posters")
    }
    guard figures.statistics.decodes <= scroll.displayed.count + scroll.prefetchesStarted else {
      fatalError(
        "the loader decoded \(figures.statistics.decodes) PNGs for \(scroll.displayed.count) posters displayed and "
          + "\(scroll.prefetchesStarted) prefetched: more than were shown and prefetched")
    }
    guard figures.statistics.bytesInMemory <= figures.memoryCacheBytes, figures.statistics.failures == 0 else {
      fatalError("after the scroll: \(figures.statistics)")
    }
    return figures
  }
}

/// What one scroll did and took.
struct ScrollFigures: Sendable, CustomStringConvertible {
  var positions: Int
  var displayed: Int
  var prefetchesStarted: Int
  var prefetchesCancelled: Int
  var statistics: LiveArtworkLoader.Statistics
  var memoryCacheBytes: Int
  /// The bytes resident just before the grid was made.
  var residentBefore: Int
  /// The most bytes resident during the scroll.
  var peakResident: Int

  init(
    scroll: PosterGridRun.Scroll, statistics: LiveArtworkLoader.Statistics, memoryCacheBytes: Int, residentBefore: Int,
    peakResident: Int
  ) {
    positions = scroll.positions
    displayed = scroll.displayed.count
    prefetchesStarted = scroll.prefetchesStarted
    prefetchesCancelled = scroll.prefetchesCancelled
    self.statistics = statistics
    self.memoryCacheBytes = memoryCacheBytes
    self.residentBefore = residentBefore
    self.peakResident = peakResident
  }

  /// One line with every figure, exact.
  var description: String {
    let mebibytes = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    return "scroll: \(positions) positions, \(displayed) posters displayed, \(prefetchesStarted) prefetches started "
      + "(\(prefetchesCancelled) cancelled); loader: \(statistics.requests) requests, \(statistics.memoryHits) memory "
      + "hits, \(statistics.fetches) fetches, \(statistics.decodes) decodes, \(mebibytes(statistics.bytesInMemory)) "
      + "in memory; resident \(mebibytes(residentBefore)) before the grid, peak \(mebibytes(peakResident)), "
      + "\(mebibytes(peakResident - residentBefore)) more"
  }

  static let decodes = BenchmarkMetric.custom("decodes", useScalingFactor: false)
  static let displayedMetric = BenchmarkMetric.custom("posters displayed", useScalingFactor: false)
  static let prefetches = BenchmarkMetric.custom("prefetches started", useScalingFactor: false)
  static let cancelled = BenchmarkMetric.custom("prefetches cancelled", useScalingFactor: false)
  static let memoryHits = BenchmarkMetric.custom("memory hits", useScalingFactor: false)
  static let positionsMetric = BenchmarkMetric.custom("viewport positions", useScalingFactor: false)
  static let peak = BenchmarkMetric.custom("peak resident KiB (VmHWM)", useScalingFactor: false)
  static let growth = BenchmarkMetric.custom("peak resident KiB above the start", useScalingFactor: false)

  /// The custom metrics a scroll reports.
  static let metrics = [decodes, displayedMetric, prefetches, cancelled, memoryHits, positionsMetric, peak, growth]

  /// Hands each figure to the benchmark as a custom metric.
  func report(to benchmark: Benchmark) {
    benchmark.measurement(Self.decodes, statistics.decodes)
    benchmark.measurement(Self.displayedMetric, displayed)
    benchmark.measurement(Self.prefetches, prefetchesStarted)
    benchmark.measurement(Self.cancelled, prefetchesCancelled)
    benchmark.measurement(Self.memoryHits, statistics.memoryHits)
    benchmark.measurement(Self.positionsMetric, positions)
    benchmark.measurement(Self.peak, peakResident / 1_024)
    benchmark.measurement(Self.growth, (peakResident - residentBefore) / 1_024)
    // The benchmark's histograms keep three significant digits: the exact counts go to standard error (which the
    // benchmark silences under --no-progress).
    FileHandle.standardError.write(Data("\(self)\n".utf8))
  }
}
