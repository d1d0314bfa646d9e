// swift-tools-version: 6.1

import PackageDescription

// What a list view is made of whatever draws it: the diff, diffable snapshots, batch-update validation, content
// configurations and index paths of rows and items. TableKit and CollectionKit both build on it; Foundation only.
let package = Package(
  name: "ListCore",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["ListCore", "ListCoreTesting"].map { .library(name: $0, targets: [$0]) },
  targets: [
    .target(name: "ListCore"),
    .target(name: "ListCoreTesting", dependencies: ["ListCore"]),
    .testTarget(name: "ListCoreTests", dependencies: ["ListCore", "ListCoreTesting"]),
  ]
)
