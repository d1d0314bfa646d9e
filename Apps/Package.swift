// swift-tools-version: 6.1

import PackageDescription

// The `humble` REPL: libedit through a system-library target, the app's logic in a testable library
// (commands, the artist screen's controller, rendering), and a thin executable. The catalog server
// `humble-server` follows the same shape: its logic (routes, storage interface, auth, problem+json) in the
// `HumbleServer` library, and a thin executable.
let package = Package(
  name: "HumbleApp",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "humble", targets: ["humble"]),
    .executable(name: "humble-server", targets: ["humble-server"]),
  ]
    + ["HumbleApp", "HumbleServer", "HumbleServerPostgres", "HumbleServerTestSupport"].map {
      .library(name: $0, targets: [$0])
    },
  dependencies: [
    "Domain", "Services", "Presentation", "TableKit", "CollectionKit", "Remote", "Support", "Artwork",
  ].map { .package(path: "../Packages/\($0)") } + [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.6.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    // For the server's connection guard, which sits in Hummingbird's HTTP/1 pipeline (Hummingbird builds it anyway).
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    // For the server's user store, which keeps its tables in the SQLite catalog (ServicesLive builds GRDB anyway).
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
  ],
  targets: [
    .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(
      name: "HumbleApp",
      dependencies: products(of: "Domain", "Domain") + products(of: "Services", "Services")
        + products(of: "Presentation", "Presentation") + products(of: "TableKit", "TableKit")
        + products(of: "CollectionKit", "CollectionKit") + products(of: "Support", "HumbleSupport")
    ),
    .executableTarget(
      name: "humble",
      dependencies: ["HumbleApp", "CLibEdit"] + products(of: "swift-argument-parser", "ArgumentParser")
        + products(of: "Domain", "Domain") + products(of: "Presentation", "Presentation")
        + products(of: "Services", "Services", "ServicesLive") + products(of: "Remote", "ServicesRemote")
    ),
    .target(
      name: "HumbleServer",
      dependencies: products(of: "Domain", "Domain") + products(of: "Services", "Services", "ServicesLive")
        + products(of: "Remote", "CatalogAPI") + products(of: "GRDB.swift", "GRDB")
        + products(of: "hummingbird", "Hummingbird", "HummingbirdCore") + products(of: "swift-log", "Logging")
        + products(of: "swift-crypto", "Crypto") + products(of: "swift-nio-extras", "NIOHTTPTypes")
        + products(of: "swift-service-lifecycle", "ServiceLifecycle", "UnixSignals")
        + products(of: "swift-nio", "NIOConcurrencyHelpers") + products(of: "Support", "HumbleSupport")
        + products(of: "swift-nio", "NIOPosix", "NIOCore") + products(of: "Artwork", "ArtworkGeneration", "PNGCodec")
    ),
    .target(
      name: "HumbleServerPostgres",
      dependencies: ["HumbleServer"] + products(of: "Domain", "Domain") + products(of: "Remote", "CatalogAPI")
        + products(of: "Services", "Services", "ServicesLive") + products(of: "postgres-nio", "PostgresNIO")
        + products(of: "swift-nio-ssl", "NIOSSL") + products(of: "swift-log", "Logging")
        + products(of: "swift-nio", "NIOConcurrencyHelpers", "NIOCore") + products(of: "Support", "HumbleSupport")
    ),
    .target(
      name: "HumbleServerTestSupport",
      dependencies: ["HumbleServer", "HumbleServerPostgres"] + products(of: "postgres-nio", "PostgresNIO")
        + products(of: "swift-log", "Logging") + products(of: "swift-nio", "NIOConcurrencyHelpers")
        + products(of: "Services", "ServicesTestSupport")
    ),
    .executableTarget(
      name: "humble-server",
      dependencies: ["HumbleServer", "HumbleServerPostgres"] + products(of: "Services", "ServicesLive")
        + products(of: "swift-log", "Logging") + products(of: "swift-argument-parser", "ArgumentParser")
    ),
    .testTarget(
      name: "HumbleAppTests",
      dependencies: ["HumbleApp"] + products(of: "Domain", "Domain") + products(of: "TableKit", "TableKitTesting")
        + products(of: "CollectionKit", "CollectionKitTesting")
        + products(of: "Services", "SeededRandomness", "ServicesLive", "CatalogLockHolder", "ServicesTestSupport")
        + products(of: "Presentation", "Presentation", "PresentationTestSupport")
    ),
    .testTarget(
      name: "HumbleServerTests",
      dependencies: ["HumbleServer", "HumbleServerPostgres", "HumbleServerTestSupport", "humble-server"]
        + products(of: "Services", "SeededRandomness", "Services", "ServicesLive", "ServicesTestSupport")
        + products(of: "Domain", "Domain") + products(of: "Remote", "CatalogAPI", "CatalogAPITesting")
        + products(of: "swift-nio", "NIOCore", "NIOPosix", "NIOHTTP1") + products(of: "swift-log", "Logging")
        + products(of: "GRDB.swift", "GRDB") + products(of: "Artwork", "PNGCodec")
        + products(of: "postgres-nio", "PostgresNIO") + products(of: "Support", "HumbleSupportTesting")
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
