// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "Services",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Services", targets: ["Services"]),
    .library(name: "ServicesTestSupport", targets: ["ServicesTestSupport"]),
    .library(name: "ServicesLive", targets: ["ServicesLive"]),
    // A seeded random generator for generated catalogs, tests and benchmarks, without SQLite.
    .library(name: "SeededRandomness", targets: ["SeededRandomness"]),
    // A test tool: holds a write lock on a catalog from another process (see its main.swift).
    .executable(name: "CatalogLockHolder", targets: ["CatalogLockHolder"]),
  ],
  dependencies: [
    .package(path: "../Domain"),
    .package(path: "../Support"),
    // PNG decoding for the live artwork loader (Artwork depends on no package of the workspace: no cycle).
    .package(path: "../Artwork"),
    // SHA-256 for the names of generated covers' files (the server names them the same way, in the same folder).
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
  ],
  targets: [
    .target(name: "Services", dependencies: ["Domain"] + products(of: "Support", "HumbleSupport")),
    .target(
      name: "ServicesTestSupport", dependencies: ["Services", "Domain"] + products(of: "Support", "HumbleSupport")
    ),
    .target(
      name: "ServicesLive",
      dependencies: ["Services", "Domain", "SeededRandomness"] + products(of: "GRDB.swift", "GRDB")
        + products(of: "Support", "HumbleSupport") + products(of: "Artwork", "PNGCodec", "ArtworkGeneration")
        + products(of: "swift-crypto", "Crypto")
    ),
    .target(name: "SeededRandomness"),
    .executableTarget(name: "CatalogLockHolder", dependencies: products(of: "GRDB.swift", "GRDB")),
    .testTarget(
      name: "ServicesTests", dependencies: ["Services", "ServicesTestSupport", "Domain", "SeededRandomness"]),
    .testTarget(name: "ServicesTestSupportTests", dependencies: ["ServicesTestSupport", "Services", "Domain"]),
    .testTarget(
      name: "ServicesLiveTests",
      dependencies: ["ServicesLive", "Services", "ServicesTestSupport", "Domain", "CatalogLockHolder"]
        + products(of: "GRDB.swift", "GRDB") + products(of: "Support", "HumbleSupport", "HumbleSupportTesting")
        + products(of: "Artwork", "PNGCodec", "ArtworkGeneration")
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
