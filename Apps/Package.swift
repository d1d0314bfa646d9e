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
    .library(name: "HumbleApp", targets: ["HumbleApp"]),
    .executable(name: "humble-server", targets: ["humble-server"]),
    .library(name: "HumbleServer", targets: ["HumbleServer"]),
    .library(name: "HumbleServerPostgres", targets: ["HumbleServerPostgres"]),
    .library(name: "HumbleServerTestSupport", targets: ["HumbleServerTestSupport"]),
  ],
  dependencies: [
    .package(path: "../Packages/Domain"),
    .package(path: "../Packages/Services"),
    .package(path: "../Packages/Presentation"),
    .package(path: "../Packages/TableKit"),
    .package(path: "../Packages/Remote"),
    .package(path: "../Packages/Support"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.6.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    // For the server's user store, which keeps its tables in the SQLite catalog (ServicesLive builds GRDB anyway).
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
  ],
  targets: [
    .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(
      name: "HumbleApp",
      dependencies: [
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "TableKit", package: "TableKit"),
        .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    .executableTarget(
      name: "humble",
      dependencies: [
        "HumbleApp", "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Domain", package: "Domain"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "ServicesRemote", package: "Remote"),
      ]
    ),
    .target(
      name: "HumbleServer",
      dependencies: [
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "CatalogAPI", package: "Remote"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    .target(
      name: "HumbleServerPostgres",
      dependencies: [
        "HumbleServer",
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    .target(
      name: "HumbleServerTestSupport",
      dependencies: [
        "HumbleServerPostgres",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "ServicesTestSupport", package: "Services"),
      ]
    ),
    .executableTarget(
      name: "humble-server",
      dependencies: [
        "HumbleServer",
        "HumbleServerPostgres",
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "HumbleAppTests",
      dependencies: [
        .product(name: "SeededRandomness", package: "Services"),
        "HumbleApp",
        .product(name: "Domain", package: "Domain"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "CatalogLockHolder", package: "Services"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "PresentationTestSupport", package: "Presentation"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "TableKitTesting", package: "TableKit"),
      ]
    ),
    .testTarget(
      name: "HumbleServerTests",
      dependencies: [
        .product(name: "SeededRandomness", package: "Services"),
        "HumbleServer",
        "HumbleServerPostgres",
        "HumbleServerTestSupport",
        "humble-server",
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
      ]
    ),
  ]
)
