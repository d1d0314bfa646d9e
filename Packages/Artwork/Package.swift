// swift-tools-version: 6.1

import PackageDescription

// Pictures for posters: PNG through libpng (a system library, as the REPL's libedit is). It depends on no other
// package of the workspace, so `Services` (whose live artwork loader decodes with `PNGCodec`) can depend on it
// without a cycle.
let package = Package(
  name: "Artwork",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [.library(name: "PNGCodec", targets: ["PNGCodec"])],
  targets: [
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
    .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
  ]
)
