// swift-tools-version: 6.1

import PackageDescription

// Pictures for posters: PNG through libpng (a system library, as the REPL's libedit is), and cover art generated
// from an identifier. It depends on no other package of the workspace but Support (the shared rules), so `Services`
// (whose live artwork loader decodes with `PNGCodec`) and the catalogs (which generate covers) can depend on it
// without a cycle.
let package = Package(
  name: "Artwork",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["PNGCodec", "ArtworkGeneration"].map { .library(name: $0, targets: [$0]) },
  dependencies: [.package(path: "../Support")],
  targets: [
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .target(name: "PNGCodec", dependencies: ["CLibPNG", .product(name: "HumbleSupport", package: "Support")]),
    .target(name: "ArtworkGeneration", dependencies: ["PNGCodec"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
    .testTarget(name: "ArtworkGenerationTests", dependencies: ["ArtworkGeneration", "PNGCodec"]),
  ]
)
