// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "CollectionKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["CollectionKit", "CollectionKitTesting"].map { .library(name: $0, targets: [$0]) },
  dependencies: [.package(path: "../ListCore")],
  targets: [
    .target(name: "CollectionKit", dependencies: [.product(name: "ListCore", package: "ListCore")]),
    .target(name: "CollectionKitTesting", dependencies: ["CollectionKit"]),
    .testTarget(name: "CollectionKitTests", dependencies: ["CollectionKit", "CollectionKitTesting"]),
    .testTarget(name: "CollectionKitTestingTests", dependencies: ["CollectionKit", "CollectionKitTesting"]),
  ]
)
