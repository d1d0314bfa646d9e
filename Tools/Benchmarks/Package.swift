// swift-tools-version: 6.1

import PackageDescription

// Release-mode benchmarks of the workspace, run with `Tools/scripts/benchmark`. Each suite is an executable
// target under Benchmarks/<Suite>/ that uses the BenchmarkPlugin; add a suite by adding a folder and a
// `benchmarkSuite(...)` line below.
//
// Only the benchmark package's "MallocInterposer" trait is enabled: its default "RuntimeInterposer" trait
// brings in swift-runtime-interposer, which is not available here.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(path: "../CatalogGenerator"),
    .package(path: "../../Apps"),
  ]
    + ["Artwork", "CollectionKit", "Domain", "Services", "TableKit", "Presentation", "Remote", "Support"].map {
      .package(path: "../../Packages/\($0)")
    },
  targets: [
    // What every suite shares: the generated catalogs, cached in .build-data/.
    .target(
      name: "BenchmarkSupport",
      dependencies: products(of: "CatalogGenerator", "CatalogGeneration") + products(of: "Services", "ServicesLive")
        + products(of: "Support", "HumbleSupport")
    ),
    // The large catalog in PostgreSQL: a throwaway cluster kept in .build-data/, the catalog imported once.
    .target(
      name: "PostgresBenchmarkSupport",
      dependencies: ["BenchmarkSupport"] + products(of: "CatalogGenerator", "CatalogGeneration")
        + products(of: "Apps", "HumbleServerPostgres", "HumbleServerTestSupport")
    ),
    benchmarkSuite(
      "ImportBenchmarks",
      dependencies: ["BenchmarkSupport", "PostgresBenchmarkSupport"]
        + products(of: "CatalogGenerator", "CatalogGeneration")
        + products(of: "Apps", "HumbleServerPostgres", "HumbleServerTestSupport")
        + products(of: "Services", "ServicesLive")
    ),
    benchmarkSuite(
      "LiveCatalogBenchmarks",
      dependencies: ["BenchmarkSupport"] + products(of: "CatalogGenerator", "CatalogGeneration")
        + products(of: "Domain", "Domain") + products(of: "Services", "ServicesLive")
    ),
    benchmarkSuite(
      "NetworkBenchmarks",
      dependencies: ["BenchmarkSupport", "PostgresBenchmarkSupport"]
        + products(of: "CatalogGenerator", "CatalogGeneration") + products(of: "Domain", "Domain")
        + products(of: "Apps", "HumbleServer", "HumbleServerPostgres") + products(of: "Presentation", "Presentation")
        + products(of: "Services", "Services", "ServicesLive", "ServicesTestSupport")
        + products(of: "Remote", "ServicesRemote")
    ),
    benchmarkSuite(
      "PresentationBenchmarks",
      dependencies: products(of: "Presentation", "Presentation") + products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "ServicesTestSupport") + products(of: "TableKit", "TableKit")
    ),
    benchmarkSuite(
      "ReplBenchmarks",
      dependencies: ["BenchmarkSupport"] + products(of: "CatalogGenerator", "CatalogGeneration")
        + products(of: "Apps", "HumbleApp") + products(of: "Presentation", "Presentation")
        + products(of: "Services", "ServicesLive")
    ),
    benchmarkSuite(
      "PosterBenchmarks",
      dependencies: products(of: "Apps", "HumbleApp") + products(of: "Artwork", "ArtworkGeneration")
        + products(of: "Domain", "Domain") + products(of: "Presentation", "Presentation")
        + products(of: "Services", "Services", "ServicesLive")
        + products(of: "Support", "HumbleSupport", "HumbleSupportTesting")
    ),
    // The diff scenario the table's and the collection's suites share.
    .target(name: "DiffScenarios", dependencies: products(of: "Services", "SeededRandomness")),
    benchmarkSuite(
      "CollectionKitBenchmarks",
      dependencies: ["DiffScenarios"] + products(of: "CollectionKit", "CollectionKit")
        + products(of: "TableKit", "TableKit")
    ),
    benchmarkSuite(
      "TableKitDiffBenchmarks",
      dependencies: ["DiffScenarios"] + products(of: "TableKit", "TableKit")
    ),
  ]
)

/// A benchmark executable in `Benchmarks/<name>/`, with the benchmark library and its boilerplate plugin.
func benchmarkSuite(_ name: String, dependencies: [Target.Dependency]) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "Benchmark", package: "benchmark")] + dependencies,
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
