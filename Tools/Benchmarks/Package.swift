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
    .package(path: "../../Packages/Domain"),
    .package(path: "../../Packages/Services"),
    .package(path: "../../Packages/TableKit"),
    .package(path: "../../Packages/Presentation"),
    .package(path: "../../Packages/Remote"),
    .package(path: "../../Packages/Support"),
  ],
  targets: [
    // What every suite shares: the generated catalogs, cached in .build-data/.
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    // The large catalog in PostgreSQL: a throwaway cluster kept in .build-data/, the catalog imported once.
    .target(
      name: "PostgresBenchmarkSupport",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "HumbleServerTestSupport", package: "Apps"),
      ]
    ),
    benchmarkSuite(
      "ImportBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        "PostgresBenchmarkSupport",
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "HumbleServerTestSupport", package: "Apps"),
        .product(name: "ServicesLive", package: "Services"),
      ]
    ),
    benchmarkSuite(
      "LiveCatalogBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "ServicesLive", package: "Services"),
      ]
    ),
    benchmarkSuite(
      "NetworkBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        "PostgresBenchmarkSupport",
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "HumbleServer", package: "Apps"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "ServicesRemote", package: "Remote"),
        .product(name: "ServicesTestSupport", package: "Services"),
      ]
    ),
    benchmarkSuite(
      "PresentationBenchmarks",
      dependencies: [
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "TableKit", package: "TableKit"),
      ]
    ),
    benchmarkSuite(
      "ReplBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "HumbleApp", package: "Apps"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "ServicesLive", package: "Services"),
      ]
    ),
    benchmarkSuite(
      "TableKitDiffBenchmarks",
      dependencies: [
        .product(name: "TableKit", package: "TableKit"),
        .product(name: "SeededRandomness", package: "Services"),
      ]
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
