// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "TableKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["TableKit", "TableKitTesting", "TableKitSnapshotTesting"].map { .library(name: $0, targets: [$0]) },
  dependencies: [
    .package(path: "../ListCore"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .target(name: "TableKit", dependencies: products(of: "ListCore", "ListCore")),
    .target(name: "TableKitTesting", dependencies: ["TableKit"]),
    .target(
      name: "TableKitSnapshotTesting",
      dependencies: ["TableKit", "TableKitTesting"] + products(of: "swift-snapshot-testing", "SnapshotTesting")
    ),
    .testTarget(
      name: "TableKitTests",
      dependencies: ["TableKit", "TableKitTesting"] + products(of: "ListCore", "ListCoreTesting")
    ),
    .testTarget(
      name: "TableKitSnapshotTestingTests",
      dependencies: ["TableKit", "TableKitTesting", "TableKitSnapshotTesting"]
        + products(of: "swift-snapshot-testing", "SnapshotTesting"),
      exclude: ["__Snapshots__"]
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
