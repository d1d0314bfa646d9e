// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "TableKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TableKit", targets: ["TableKit"]),
    .library(name: "TableKitTesting", targets: ["TableKitTesting"]),
  ],
  targets: [
    .target(name: "TableKit"),
    .target(name: "TableKitTesting", dependencies: ["TableKit"]),
    .testTarget(name: "TableKitTests", dependencies: ["TableKit", "TableKitTesting"]),
  ]
)
