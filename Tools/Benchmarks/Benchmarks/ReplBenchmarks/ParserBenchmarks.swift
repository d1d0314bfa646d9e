import Benchmark
import HumbleApp

/// `CommandParser.parse(_:)` on lines the fuzzer found slow: an unknown word of four megabytes (the suggestion
/// for it once compared it letter by letter with every command name, minutes for a line; `CommandParserTests`
/// checks the work it does stays put as the word grows, this measures the time), and a near miss for contrast.
func parserBenchmarks() {
  let huge = String(repeating: "\u{FFFD}", count: 4_000_000) + " 1"
  Benchmark(
    "parse: a four-megabyte unknown command",
    configuration: .init(maxDuration: .seconds(10), maxIterations: 50)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(Result { try CommandParser.parse(huge) })
    }
  }
  Benchmark("parse: a near miss (selecttt 1)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(Result { try CommandParser.parse("selecttt 1") })
    }
  }
}
