import Benchmark
import CatalogGeneration

/// Every `humble` REPL command on the generated artist with 100,000 tracks, through `Session.run(_:)`, as the
/// executable runs it (live services on a working copy of the large benchmark catalog, a 20-row viewport).
///
/// An iteration times one command, from the line until it has answered and the main actor has finished the
/// work it caused (snapshots reach the screen through a task after the answer). Commands that need a state
/// first (deselect needs a selection, back a previous page) reach it untimed. `download` is left out: the
/// generated catalog's stream URLs are not reachable.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 2,
    maxDuration: .seconds(3),
    maxIterations: 2_000
  )
  let slow = Benchmark.Configuration(maxDuration: .seconds(15), maxIterations: 150)

  // The page: opening, reloading, reordering and filtering it rebuild 100,000 rows.
  replBenchmark("artist \(CatalogGenerator.largeArtistName) (opens the 100,000-track page)", slow) { _ in
    .command("artist \(CatalogGenerator.largeArtistName)")
  }
  replBenchmark("reload", slow) { _ in .command("reload") }
  replBenchmark("sort popular↔alphabetical", slow) { .command($0 % 2 == 0 ? "sort popular" : "sort alphabetical") }
  let sortModes = ["catalog", "alphabetical", "reverse", "popular", "newest", "longest", "shortest"]
  replBenchmark("sort, each of the 7 modes in turn", slow) { .command("sort \(sortModes[$0 % sortModes.count])") }
  replBenchmark("user age 15↔30", slow) { .command($0 % 2 == 0 ? "user age 15" : "user age 30") }
  // Favouriting pins the track first; unfavouriting row 1 puts it back.
  replBenchmark("favourite 5↔unfavourite 1", slow) { .command($0 % 2 == 0 ? "favourite 5" : "unfavourite 1") }
  replBenchmark("action Favourite 5↔action Unfavourite 1", slow) {
    .command($0 % 2 == 0 ? "action Favourite 5" : "action Unfavourite 1")
  }

  // The viewport and the rows in it.
  replBenchmark("show") { _ in .command("show") }
  replBenchmark("scroll down↔up") { .command($0 % 2 == 0 ? "scroll down" : "scroll up") }
  replBenchmark("scroll bottom↔top") { .command($0 % 2 == 0 ? "scroll bottom" : "scroll top") }
  replBenchmark("scroll to 50000↔10") { .command($0 % 2 == 0 ? "scroll to 50000" : "scroll to 10") }
  replBenchmark("select 5↔6") { .command($0 % 2 == 0 ? "select 5" : "select 6") }
  replBenchmark("deselect 5") { _ in .command("deselect 5", after: ["select 5"]) }
  replBenchmark("cell 5") { _ in .command("cell 5") }
  replBenchmark("actions 5") { _ in .command("actions 5") }

  // Navigation: a related artist's row (section 3, after tracks and playlists) opens its 1,000-track page, and
  // back returns.
  replBenchmark("select 3.1, a related artist (opens its 1,000-track page)") {
    .command("select 3.1", after: $0 == 0 ? [] : ["back"])
  }
  replBenchmark("back (to the 100,000-track page)") { _ in .command("back", after: ["select 3.1"]) }
  replBenchmark("artists (1,001 artists)") { _ in .command("artists") }
  replBenchmark("artists Endless") { _ in .command("artists Endless") }

  // Session settings and help.
  replBenchmark("events on↔off") { .command($0 % 2 == 0 ? "events on" : "events off") }
  replBenchmark("timing on↔off") { .command($0 % 2 == 0 ? "timing on" : "timing off") }
  replBenchmark("history") { _ in .command("history") }
  replBenchmark("help") { _ in .command("help") }
  replBenchmark("wait") { _ in .command("wait") }

  parserBenchmarks()
}

/// What one iteration of a REPL benchmark runs.
struct ReplStep: Sendable {
  /// Lines run untimed before the timed one, to reach the state it needs.
  var preparation: [String]
  /// The timed line.
  var line: String

  /// Times `line`, after running `preparation` untimed.
  static func command(_ line: String, after preparation: [String] = []) -> ReplStep {
    ReplStep(preparation: preparation, line: line)
  }
}

/// A benchmark named `humble: <name>` that times, on each iteration, the line `step` gives for the iteration
/// number (counting from 0).
func replBenchmark(
  _ name: String, _ configuration: Benchmark.Configuration = .init(),
  step: @escaping @Sendable (Int) -> ReplStep
) {
  Benchmark("humble: \(name)", configuration: configuration) { benchmark, repl in
    let next = step(await repl.nextIteration())
    for line in next.preparation { await repl.run(line) }
    await repl.settle()
    benchmark.startMeasurement()
    await repl.run(next.line)
    await repl.settle()
    benchmark.stopMeasurement()
  } setup: {
    try await ReplFixture.open()
  }
}
