// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "TableKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TableKit", targets: ["TableKit"]),
    .library(name: "TableKitTesting", targets: ["TableKitTesting"]),
    .library(name: "TableKitSnapshotTesting", targets: ["TableKitSnapshotTesting"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7")
  ],
  targets: [
    .target(name: "TableKit"),
    .target(name: "TableKitTesting", dependencies: ["TableKit"]),
    .target(
      name: "TableKitSnapshotTesting",
      dependencies: [
        "TableKit", "TableKitTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .testTarget(name: "TableKitTests", dependencies: ["TableKit", "TableKitTesting"]),
    .testTarget(
      name: "TableKitSnapshotTestingTests",
      dependencies: [
        "TableKit", "TableKitTesting", "TableKitSnapshotTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
