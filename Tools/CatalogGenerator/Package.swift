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
  dependencies: [
    .package(path: "../../Packages/Domain"),
    .package(path: "../../Packages/Services"),
    .package(path: "../../Packages/Support"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.6.0"),
  ],
  targets: [
    .target(
      name: "CatalogGeneration",
      dependencies: [
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "SeededRandomness", package: "Services"),
      ]
    ),
    .executableTarget(
      name: "HumbleCatalog",
      dependencies: [
        "CatalogGeneration",
        .product(name: "Domain", package: "Domain"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "CatalogGenerationTests",
      dependencies: [
        "CatalogGeneration",
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
      ]
    ),
  ]
)
