// swift-tools-version: 6.1

import PackageDescription

// Coverage-guided fuzz targets for libFuzzer, run with `Tools/scripts/fuzz` (which builds them with
// `-sanitize=fuzzer,address` and `-DFUZZING`). What each target does with its bytes, and the invariants it
// checks after every step, live in the FuzzTargets library, which also builds and runs without the fuzzer:
// a plain `swift build` gives executables that replay the corpus files they are given.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Apps"),
    .package(path: "../../Packages/Domain"),
    .package(path: "../../Packages/Presentation"),
    .package(path: "../../Packages/Services"),
    .package(path: "../../Packages/TableKit"),
  ],
  targets: [
    // libFuzzer's entry point for a program with a `main` of its own.
    .target(name: "CLibFuzzer"),
    .target(
      name: "FuzzTargets",
      dependencies: [
        "CLibFuzzer",
        .product(name: "HumbleApp", package: "Apps"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "TableKit", package: "TableKit"),
      ]
    ),
    .executableTarget(name: "FuzzCommandLine", dependencies: ["FuzzTargets"]),
    .executableTarget(name: "FuzzTableKit", dependencies: ["FuzzTargets"]),
    .executableTarget(name: "FuzzDiffableDataSource", dependencies: ["FuzzTargets"]),
  ]
)
