// swift-tools-version: 6.1

import PackageDescription

// Coverage-guided fuzz targets for libFuzzer, run with `Tools/scripts/fuzz` (which builds them with
// `-sanitize=fuzzer,address` and `-DFUZZING`). What each target does with its bytes, and the invariants it
// checks after every step, live in the FuzzTargets library, which also builds and runs without the fuzzer:
// a plain `swift build` gives executables that replay the corpus files they are given.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../../Apps")]
    + ["CollectionKit", "Domain", "ListCore", "Presentation", "Services", "TableKit"].map {
      .package(path: "../../Packages/\($0)")
    },
  targets: [
    // libFuzzer's entry point for a program with a `main` of its own.
    .target(name: "CLibFuzzer"),
    .target(
      name: "FuzzTargets",
      dependencies: ["CLibFuzzer"] + products(of: "Apps", "HumbleApp") + products(of: "Domain", "Domain")
        + products(of: "Presentation", "Presentation") + products(of: "Services", "Services", "ServicesTestSupport")
        + products(of: "TableKit", "TableKit") + products(of: "CollectionKit", "CollectionKit", "CollectionKitTesting")
        + products(of: "ListCore", "ListCore")
    ),
    .executableTarget(name: "FuzzCommandLine", dependencies: ["FuzzTargets"]),
    .executableTarget(name: "FuzzTableKit", dependencies: ["FuzzTargets"]),
    .executableTarget(name: "FuzzDiffableDataSource", dependencies: ["FuzzTargets"]),
    .executableTarget(name: "FuzzCollectionKit", dependencies: ["FuzzTargets"]),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
