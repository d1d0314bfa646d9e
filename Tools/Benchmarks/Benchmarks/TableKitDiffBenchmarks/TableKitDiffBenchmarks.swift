import Benchmark
import DiffScenarios
import Foundation
import TableKit

/// TableKit's diff on the scenarios the fastest O(n) Swift diff libraries publish: changes at random positions,
/// beside Swift's own `difference(from:).inferringMoves()` measured in the same run, and DifferenceKit's published
/// inputs (changes in ranges); then the diffable data source on the large scenario, beside the bare diff and batch
/// update it is made of.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1
  )

  let large = DiffScenario(count: 100_000, deletes: 10_000, inserts: 10_000, moves: 2_000)
  let small = DiffScenario(count: 5_000, deletes: 1_000, inserts: 1_000, moves: 200)

  for (name, scenario, swiftIterations) in [
    ("100,000 elements at random positions (-10,000 +10,000, 2,000 moved)", large, 3),
    ("5,000 elements at random positions (-1,000 +1,000, 200 moved)", small, 20),
  ] {
    changesetBenchmark(name, scenario)

    Benchmark(
      "Swift difference(from:).inferringMoves(), \(name)",
      configuration: .init(maxDuration: .seconds(60), maxIterations: swiftIterations)
    ) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(scenario.new.difference(from: scenario.old) { $0.id == $1.id }.inferringMoves())
      }
    }
  }

  // DifferenceKit's published inputs (its own benchmark's ranges), for the comparison with DifferenceKit that
  // README's "Issue 24" section describes; DifferenceKit itself is not a dependency.
  for (name, scenario) in [
    (
      "100,000 elements, DifferenceKit's published changes (-20,000..<30,000 +30,000..<40,000, 0..<2,000 shuffled)",
      DiffScenario(count: 100_000, deleteRange: 20_000..<30_000, insertRange: 30_000..<40_000, shuffleRange: 0..<2_000)
    ),
    (
      "5,000 elements, DifferenceKit's published changes (-2,000..<3,000 +3,000..<4,000, 0..<200 shuffled)",
      DiffScenario(count: 5_000, deleteRange: 2_000..<3_000, insertRange: 3_000..<4_000, shuffleRange: 0..<200)
    ),
  ] {
    changesetBenchmark(name, scenario)
  }

  diffableDataSourceBenchmarks(large)
}

/// Our diff of `scenario`, named after it.
func changesetBenchmark(_ name: String, _ scenario: DiffScenario) {
  Benchmark(
    "TableKit Changeset.difference, \(name)",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(Changeset.difference(from: scenario.old, to: scenario.new))
    }
  }
}
