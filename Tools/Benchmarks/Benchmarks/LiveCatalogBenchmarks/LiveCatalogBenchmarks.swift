import Benchmark
import BenchmarkSupport
import CatalogGeneration
import Domain
import ServicesLive

/// Benchmarks of the live music API on the large generated catalog (1,000 × 1,000 tracks + 100,000).
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 2
  )

  Benchmark(
    "LiveMusicAPI.tracks(ofArtist:) for the 100,000-track artist",
    configuration: .init(maxDuration: .seconds(20), maxIterations: 40)
  ) { benchmark, musicAPI in
    for _ in benchmark.scaledIterations {
      blackHole(try await musicAPI.tracks(ofArtist: CatalogGenerator.largeArtistID))
    }
  } setup: {
    LiveMusicAPI(database: try BenchmarkCatalog.open(BenchmarkCatalog.large))
  }

  Benchmark(
    "LiveMusicAPI.allArtists()",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 1_000)
  ) { benchmark, musicAPI in
    for _ in benchmark.scaledIterations {
      blackHole(try await musicAPI.allArtists())
    }
  } setup: {
    LiveMusicAPI(database: try BenchmarkCatalog.open(BenchmarkCatalog.large))
  }
}
