import Benchmark
import DiffScenarios
import Foundation
import TableKit

/// TableKit's diff on the scenario the fastest O(n) Swift diff libraries publish, beside Swift's own
/// `difference(from:).inferringMoves()` measured in the same run; then the diffable data source on the large
/// scenario, beside the bare diff and batch update it is made of.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1
  )

  let large = DiffScenario(count: 100_000, deletes: 10_000, inserts: 10_000, moves: 2_000)
  let small = DiffScenario(count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200)

  for (name, scenario, swiftIterations) in [
    ("100,000 elements (-10,000 +10,000, 2,000 moved)", large, 3),
    ("5,000 elements (-1,000 +1,000, 200 moved)", small, 20),
  ] {
    Benchmark(
      "TableKit Changeset.difference, \(name)",
      configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(Changeset.difference(from: scenario.old, to: scenario.new))
      }
    }

    Benchmark(
      "Swift difference(from:).inferringMoves(), \(name)",
      configuration: .init(maxDuration: .seconds(60), maxIterations: swiftIterations)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(scenario.new.difference(from: scenario.old) { $0.id == $1.id }.inferringMoves())
      }
    }
  }

  diffableDataSourceBenchmarks(large)
}
