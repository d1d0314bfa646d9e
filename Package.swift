// swift-tools-version: 6.1

import PackageDescription

// The workspace root. Each package under Packages/ stands alone (`swift test --package-path Packages/X`);
// this manifest depends on them by path and re-declares their test targets, so that one `swift test` here
// runs every test in the workspace. A root test target can only depend on *products* of a path dependency,
// which is why test support modules are products.
let package = Package(
  name: "Humble",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(path: "Packages/Support"),
    .package(path: "Packages/Domain"),
    .package(path: "Packages/Services"),
    .package(path: "Packages/Presentation"),
    .package(path: "Packages/TableKit"),
    .package(path: "Packages/Remote"),
    .package(path: "Tools/CatalogGenerator"),
    .package(path: "Apps"),
    // For the server tests' HTTP client (the server already builds SwiftNIO).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    // For the end-to-end tests, which read and damage the REPL's SQLite files themselves.
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    // For TableKitSnapshotTesting's tests (TableKit's users who do not want it never build it).
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .testTarget(
      name: "HumbleSupportTests",
      dependencies: [.product(name: "HumbleSupport", package: "Support")],
      path: "Packages/Support/Tests/HumbleSupportTests"
    ),
    .testTarget(
      name: "HumbleSupportTestingTests",
      dependencies: [.product(name: "HumbleSupportTesting", package: "Support")],
      path: "Packages/Support/Tests/HumbleSupportTestingTests"
    ),
    .testTarget(
      name: "DomainTests",
      dependencies: [.product(name: "Domain", package: "Domain")],
      path: "Packages/Domain/Tests/DomainTests"
    ),
    .testTarget(
      name: "ServicesTests",
      dependencies: [
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "Domain", package: "Domain"),
      ],
      path: "Packages/Services/Tests/ServicesTests"
    ),
    .testTarget(
      name: "ServicesTestSupportTests",
      dependencies: [
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "Services", package: "Services"),
        .product(name: "Domain", package: "Domain"),
      ],
      path: "Packages/Services/Tests/ServicesTestSupportTests"
    ),
    .testTarget(
      name: "ServicesLiveTests",
      dependencies: [
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "CatalogLockHolder", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "Services", package: "Services"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HumbleSupport", package: "Support"),
        .product(name: "HumbleSupportTesting", package: "Support"),
      ],
      path: "Packages/Services/Tests/ServicesLiveTests"
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "PresentationTestSupport", package: "Presentation"),
        .product(name: "Services", package: "Services"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "SeededRandomness", package: "Services"),
      ],
      path: "Packages/Presentation/Tests/PresentationTests"
    ),
    .testTarget(
      name: "CatalogAPITests",
      dependencies: [
        .product(name: "CatalogAPI", package: "Remote"),
        .product(name: "Domain", package: "Domain"),
      ],
      path: "Packages/Remote/Tests/CatalogAPITests"
    ),
    .testTarget(
      name: "CatalogAPITestingTests",
      dependencies: [
        .product(name: "CatalogAPITesting", package: "Remote"),
        .product(name: "CatalogAPI", package: "Remote"),
        .product(name: "HumbleSupport", package: "Support"),
      ],
      path: "Packages/Remote/Tests/CatalogAPITestingTests"
    ),
    .testTarget(
      name: "ServicesRemoteTests",
      dependencies: [
        .product(name: "ServicesRemote", package: "Remote"),
        .product(name: "CatalogAPI", package: "Remote"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
        .product(name: "HumbleSupportTesting", package: "Support"),
      ],
      path: "Packages/Remote/Tests/ServicesRemoteTests"
    ),
    .testTarget(
      name: "TableKitTests",
      dependencies: [
        .product(name: "TableKit", package: "TableKit"),
        .product(name: "TableKitTesting", package: "TableKit"),
      ],
      path: "Packages/TableKit/Tests/TableKitTests"
    ),
    .testTarget(
      name: "TableKitSnapshotTestingTests",
      dependencies: [
        .product(name: "TableKit", package: "TableKit"),
        .product(name: "TableKitTesting", package: "TableKit"),
        .product(name: "TableKitSnapshotTesting", package: "TableKit"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      path: "Packages/TableKit/Tests/TableKitSnapshotTestingTests",
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "CatalogGenerationTests",
      dependencies: [
        .product(name: "CatalogGeneration", package: "CatalogGenerator"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
      ],
      path: "Tools/CatalogGenerator/Tests/CatalogGenerationTests"
    ),
    .testTarget(
      name: "HumbleAppTests",
      dependencies: [
        .product(name: "SeededRandomness", package: "Services"),
        .product(name: "HumbleApp", package: "Apps"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "CatalogLockHolder", package: "Services"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "PresentationTestSupport", package: "Presentation"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "TableKitTesting", package: "TableKit"),
      ],
      path: "Apps/Tests/HumbleAppTests"
    ),
    .testTarget(
      name: "HumbleServerTests",
      dependencies: [
        .product(name: "SeededRandomness", package: "Services"),
        .product(name: "HumbleServer", package: "Apps"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "HumbleServerTestSupport", package: "Apps"),
        .product(name: "humble-server", package: "Apps"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "CatalogAPI", package: "Remote"),
        .product(name: "CatalogAPITesting", package: "Remote"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Apps/Tests/HumbleServerTests"
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        .product(name: "SeededRandomness", package: "Services"),
        .product(name: "humble-server", package: "Apps"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "HumbleServerTestSupport", package: "Apps"),
        .product(name: "humble", package: "Apps"),
        .product(name: "CatalogLockHolder", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "HumbleSupport", package: "Support"),
      ],
      path: "Tests/EndToEndTests"
    ),
    .testTarget(
      name: "IntegrationTests",
      dependencies: [
        .product(name: "HumbleApp", package: "Apps"),
        .product(name: "HumbleServer", package: "Apps"),
        .product(name: "HumbleServerPostgres", package: "Apps"),
        .product(name: "HumbleServerTestSupport", package: "Apps"),
        .product(name: "ServicesRemote", package: "Remote"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "PresentationTestSupport", package: "Presentation"),
        .product(name: "TableKit", package: "TableKit"),
        .product(name: "TableKitTesting", package: "TableKit"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/IntegrationTests"
    ),
  ]
)
