// swift-tools-version: 6.1

import PackageDescription

// Generates large, deterministic catalogs for benchmarks and manual testing (`humble-catalog generate`), and
// prints what a catalog holds (`humble-catalog summary`).
let package = Package(
  name: "CatalogGenerator",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CatalogGeneration", targets: ["CatalogGeneration"]),
    .executable(name: "humble-catalog", targets: ["HumbleCatalog"]),
  ],
  dependencies: ["Domain", "Services", "Support"].map { .package(path: "../../Packages/\($0)") } + [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.6.0")
  ],
  targets: [
    .target(
      name: "CatalogGeneration",
      dependencies: products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "ServicesLive", "SeededRandomness")
    ),
    .executableTarget(
      name: "HumbleCatalog",
      dependencies: ["CatalogGeneration"] + products(of: "Domain", "Domain") + products(of: "Services", "ServicesLive")
        + products(of: "Support", "HumbleSupport") + products(of: "swift-argument-parser", "ArgumentParser")
    ),
    .testTarget(
      name: "CatalogGenerationTests",
      dependencies: ["CatalogGeneration"] + products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "ServicesLive")
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
