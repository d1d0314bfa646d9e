// swift-tools-version: 6.1

import PackageDescription

// The `humble` REPL: libedit through a system-library target, the app's logic in a testable library
// (commands, the artist screen's controller, rendering), and a thin executable.
let package = Package(
  name: "HumbleApp",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "humble", targets: ["humble"]),
    .library(name: "HumbleApp", targets: ["HumbleApp"]),
  ],
  dependencies: [
    .package(path: "../Packages/Domain"),
    .package(path: "../Packages/Services"),
    .package(path: "../Packages/Presentation"),
    .package(path: "../Packages/TableKit"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.6.0"),
  ],
  targets: [
    .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(
      name: "HumbleApp",
      dependencies: [
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesLive", package: "Services"),
        .product(name: "Presentation", package: "Presentation"),
        .product(name: "TableKit", package: "TableKit"),
      ]
    ),
    .executableTarget(
      name: "humble",
      dependencies: [
        "HumbleApp", "CLibEdit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "HumbleAppTests",
      dependencies: [
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
  ]
)
