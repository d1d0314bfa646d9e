// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "Presentation",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "PresentationTestSupport", targets: ["PresentationTestSupport"]),
  ],
  dependencies: [
    .package(path: "../Domain"),
    .package(path: "../Services"),
    .package(path: "../Support"),
  ],
  targets: [
    .target(
      name: "Presentation",
      dependencies: [
        "Domain", .product(name: "Services", package: "Services"), .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    .target(
      name: "PresentationTestSupport",
      dependencies: ["Presentation", "Domain", .product(name: "ServicesTestSupport", package: "Services")]),
    .testTarget(
      name: "PresentationTests",
      dependencies: [
        "Presentation", "PresentationTestSupport", "Domain",
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "SeededRandomness", package: "Services"),
      ]
    ),
  ]
)
