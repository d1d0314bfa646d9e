// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "CollectionKit",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["CollectionKit", "CollectionKitTesting", "CollectionKitSnapshotTesting"].map {
    .library(name: $0, targets: [$0])
  },
  dependencies: [
    .package(path: "../ListCore"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .target(name: "CollectionKit", dependencies: products(of: "ListCore", "ListCore")),
    .target(name: "CollectionKitTesting", dependencies: ["CollectionKit"]),
    .target(
      name: "CollectionKitSnapshotTesting",
      dependencies: ["CollectionKit", "CollectionKitTesting"]
        + products(of: "swift-snapshot-testing", "SnapshotTesting")
    ),
    .testTarget(name: "CollectionKitTests", dependencies: ["CollectionKit", "CollectionKitTesting"]),
    .testTarget(name: "CollectionKitTestingTests", dependencies: ["CollectionKit", "CollectionKitTesting"]),
    .testTarget(
      name: "CollectionKitSnapshotTestingTests",
      dependencies: ["CollectionKit", "CollectionKitTesting", "CollectionKitSnapshotTesting"]
        + products(of: "swift-snapshot-testing", "SnapshotTesting"),
      exclude: ["__Snapshots__"]
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
