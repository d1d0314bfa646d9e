// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "Presentation",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Presentation", targets: ["Presentation"])
  ],
  dependencies: [
    .package(path: "../Domain"),
    .package(path: "../Services"),
  ],
  targets: [
    .target(
      name: "Presentation",
      dependencies: ["Domain", .product(name: "Services", package: "Services")]
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "Presentation", "Domain",
        .product(name: "ServicesTestSupport", package: "Services"),
      ]
    ),
  ]
)
