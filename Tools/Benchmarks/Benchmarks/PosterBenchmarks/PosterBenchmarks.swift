import Benchmark
import Foundation

/// Issue 25's figures: a grid of 10,000 posters with real artwork (a PNG file each, see `PosterArtwork`) on a real
/// `PosterGridController` and a real `LiveArtworkLoader`.
///
/// - The scroll: top to bottom, one viewport at a time, waiting at each position until the visible posters show their
///   artwork; with a memory cache of 0, 8 MiB and the default 64 MiB. It reports the loader's decodes beside the
///   posters displayed and the prefetches started, and stops the run unless decodes ≤ displayed + prefetched; and the
///   peak resident memory across the scroll beside the memory cache's limit. Exact counts go to standard error, one
///   line a scroll or a different first screen (the table's histograms keep three significant digits).
/// - The first screen: the time from a new grid until every visible poster shows its artwork, over HTTP on loopback
///   with cold caches (memory and disk empty), a warm disk cache (a new loader) and a warm memory cache (the same
///   loader), and from files with a cold memory cache.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1)

  let scroll = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident] + ScrollFigures.metrics, warmupIterations: 1,
    maxDuration: .seconds(120), maxIterations: 5)
  for (name, bytes) in [("none (0 bytes)", 0), ("8 MiB", 8 << 20), ("64 MiB (the default)", 64 << 20)] {
    let title = "Scroll 10,000 posters top to bottom, memory cache \(name)"
    Benchmark(title, configuration: scroll) { benchmark, fixture in
      await fixture.prepareScroll(memoryCacheBytes: bytes)
      benchmark.startMeasurement()
      await fixture.scroll()
      benchmark.stopMeasurement()
      await fixture.finishScroll().report(to: benchmark)
    } setup: {
      try await ScrollFixture.make()
    } teardown: {
      PosterArtwork.removeAll()
    }
  }

  let firstScreen = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident] + FirstScreenFigures.metrics, warmupIterations: 2,
    maxDuration: .seconds(15), maxIterations: 200)
  let caches: [(String, FirstScreenFixture.Cache)] = [
    ("HTTP, cold: memory and disk caches empty", .cold),
    ("HTTP, warm disk cache, new loader (memory cold)", .warmDisk),
    ("HTTP, warm memory cache, same loader", .warmMemory),
    ("files, cold memory cache", .coldFiles),
  ]
  for (name, cache) in caches {
    Benchmark("First grid screen of 10,000 posters, \(name)", configuration: firstScreen) { benchmark, fixture in
      await fixture.prepareIteration()
      benchmark.startMeasurement()
      let run = await fixture.showFirstScreen()
      benchmark.stopMeasurement()
      await fixture.finish(run).report(to: benchmark)
    } setup: {
      try await FirstScreenFixture.make(cache)
    } teardown: {
      PosterArtwork.removeAll()
    }
  }
}
