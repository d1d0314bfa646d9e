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
    .package(path: "Packages/ListCore"),
    .package(path: "Packages/TableKit"),
    .package(path: "Packages/CollectionKit"),
    .package(path: "Packages/Remote"),
    .package(path: "Packages/Artwork"),
    .package(path: "Tools/CatalogGenerator"),
    .package(path: "Apps"),
    // For the server tests' HTTP client (the server already builds SwiftNIO).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    // For the end-to-end tests, which read and damage the REPL's SQLite files themselves.
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    // For the server tests, which read PostgreSQL's binary row values from cells they make (the server already builds
    // postgres-nio).
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    // For the snapshot-testing products' tests (TableKit's and CollectionKit's users who do not want them never build
    // swift-snapshot-testing).
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    tests("HumbleSupportTests", in: "Packages/Support", using: ["Support": ["HumbleSupport"]]),
    tests("HumbleSupportTestingTests", in: "Packages/Support", using: ["Support": ["HumbleSupportTesting"]]),
    tests("DomainTests", in: "Packages/Domain", using: ["Domain": ["Domain"]]),
    tests(
      "ServicesTests", in: "Packages/Services",
      using: ["Services": ["Services", "ServicesTestSupport", "SeededRandomness"], "Domain": ["Domain"]]
    ),
    tests(
      "ServicesTestSupportTests", in: "Packages/Services",
      using: ["Services": ["ServicesTestSupport", "Services"], "Domain": ["Domain"]]
    ),
    tests(
      "ServicesLiveTests", in: "Packages/Services",
      using: [
        "Services": ["ServicesLive", "CatalogLockHolder", "ServicesTestSupport", "Services"], "Domain": ["Domain"],
        "GRDB.swift": ["GRDB"], "Support": ["HumbleSupport", "HumbleSupportTesting"],
        "Artwork": ["PNGCodec", "ArtworkGeneration"],
      ]
    ),
    tests(
      "PresentationTests", in: "Packages/Presentation",
      using: [
        "Presentation": ["Presentation", "PresentationTestSupport"], "Domain": ["Domain"],
        "Services": ["Services", "ServicesTestSupport", "SeededRandomness"],
      ]
    ),
    tests(
      "CatalogAPITests", in: "Packages/Remote",
      using: ["Remote": ["CatalogAPI"], "Domain": ["Domain"], "Services": ["Services", "SeededRandomness"]]
    ),
    tests(
      "CatalogAPITestingTests", in: "Packages/Remote",
      using: ["Remote": ["CatalogAPITesting", "CatalogAPI"], "Support": ["HumbleSupport"], "Services": ["Services"]]
    ),
    tests(
      "ServicesRemoteTests", in: "Packages/Remote",
      using: [
        "Remote": ["ServicesRemote", "CatalogAPI"], "Domain": ["Domain"],
        "Services": ["Services", "ServicesTestSupport", "SeededRandomness"],
        "Support": ["HumbleSupport", "HumbleSupportTesting"],
      ]
    ),
    tests("ListCoreTests", in: "Packages/ListCore", using: ["ListCore": ["ListCore", "ListCoreTesting"]]),
    tests(
      "TableKitTests", in: "Packages/TableKit",
      using: ["TableKit": ["TableKit", "TableKitTesting"], "ListCore": ["ListCoreTesting"]]
    ),
    tests(
      "TableKitSnapshotTestingTests", in: "Packages/TableKit",
      using: [
        "TableKit": ["TableKit", "TableKitTesting", "TableKitSnapshotTesting"],
        "swift-snapshot-testing": ["SnapshotTesting"],
      ],
      exclude: ["__Snapshots__"]
    ),
    tests(
      "CollectionKitTests", in: "Packages/CollectionKit",
      using: ["CollectionKit": ["CollectionKit", "CollectionKitTesting"]]
    ),
    tests(
      "CollectionKitTestingTests", in: "Packages/CollectionKit",
      using: ["CollectionKit": ["CollectionKit", "CollectionKitTesting"]]
    ),
    tests(
      "CollectionKitSnapshotTestingTests", in: "Packages/CollectionKit",
      using: [
        "CollectionKit": ["CollectionKit", "CollectionKitTesting", "CollectionKitSnapshotTesting"],
        "swift-snapshot-testing": ["SnapshotTesting"],
      ],
      exclude: ["__Snapshots__"]
    ),
    tests("PNGCodecTests", in: "Packages/Artwork", using: ["Artwork": ["PNGCodec"]]),
    tests("ArtworkGenerationTests", in: "Packages/Artwork", using: ["Artwork": ["ArtworkGeneration", "PNGCodec"]]),
    tests(
      "CatalogGenerationTests", in: "Tools/CatalogGenerator",
      using: [
        "CatalogGenerator": ["CatalogGeneration"], "Domain": ["Domain"], "Services": ["Services", "ServicesLive"],
      ]
    ),
    tests(
      "HumbleAppTests", in: "Apps",
      using: [
        "Apps": ["HumbleApp"], "Domain": ["Domain"], "TableKit": ["TableKitTesting"],
        "CollectionKit": ["CollectionKitTesting"],
        "Services": ["SeededRandomness", "ServicesLive", "CatalogLockHolder", "ServicesTestSupport"],
        "Presentation": ["Presentation", "PresentationTestSupport"],
      ]
    ),
    tests(
      "HumbleServerTests", in: "Apps",
      using: [
        "Apps": ["HumbleServer", "HumbleServerPostgres", "HumbleServerTestSupport", "humble-server"],
        "Services": ["SeededRandomness", "Services", "ServicesLive", "ServicesTestSupport"], "Domain": ["Domain"],
        "Remote": ["CatalogAPI", "CatalogAPITesting"], "swift-nio": ["NIOCore", "NIOPosix", "NIOHTTP1"],
        "swift-log": ["Logging"], "GRDB.swift": ["GRDB"], "Artwork": ["PNGCodec"], "postgres-nio": ["PostgresNIO"],
        "Support": ["HumbleSupportTesting"],
      ]
    ),
    // The workspace's own suites, which run the apps as a user does.
    tests(
      "EndToEndTests", in: ".",
      using: [
        "Apps": ["humble-server", "HumbleServerPostgres", "HumbleServerTestSupport", "humble"],
        "Services": ["SeededRandomness", "CatalogLockHolder", "ServicesTestSupport", "ServicesLive"],
        "GRDB.swift": ["GRDB"], "Support": ["HumbleSupport", "HumbleSupportTesting"],
      ]
    ),
    tests(
      "IntegrationTests", in: ".",
      using: [
        "Apps": ["HumbleApp", "HumbleServer", "HumbleServerPostgres", "HumbleServerTestSupport"],
        "Remote": ["ServicesRemote", "CatalogAPI"], "Domain": ["Domain"],
        "Services": ["Services", "ServicesLive", "ServicesTestSupport"],
        "Presentation": ["Presentation", "PresentationTestSupport"], "TableKit": ["TableKit", "TableKitTesting"],
        "swift-log": ["Logging"],
      ]
    ),
  ]
)

/// The test target `name` of the package in `folder` (its `Tests/<name>`), re-declared here with the products it
/// uses, listed by the package that provides them: `Tools/scripts/check-manifests` holds the two declarations equal.
func tests(
  _ name: String, in folder: String, using products: [String: [String]], exclude: [String] = []
) -> Target {
  .testTarget(
    name: name,
    dependencies: products.keys.sorted().flatMap { package in
      products[package, default: []].map { Target.Dependency.product(name: $0, package: package) }
    },
    path: folder == "." ? "Tests/\(name)" : "\(folder)/Tests/\(name)",
    exclude: exclude
  )
}
