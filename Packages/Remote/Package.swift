// swift-tools-version: 6.1

import PackageDescription

// The catalog over HTTP, client side: the API's contract (its OpenAPI document and wire types) and the remote
// services that implement the `Services` protocols against `humble-server`. It is a package of its own so that a
// user of `Services` or its mocks never resolves or builds an HTTP stack.
let package = Package(
  name: "Remote",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "CatalogAPI", targets: ["CatalogAPI"]),
    .library(name: "ServicesRemote", targets: ["ServicesRemote"]),
    .library(name: "CatalogAPITesting", targets: ["CatalogAPITesting"]),
  ],
  dependencies: [
    .package(path: "../Domain"),
    .package(path: "../Services"),
    .package(path: "../Support"),
  ],
  targets: [
    .target(
      name: "CatalogAPI",
      dependencies: [
        .product(name: "Domain", package: "Domain"), .product(name: "Services", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
      ],
      resources: [.copy("openapi.json")]
    ),
    .target(
      name: "ServicesRemote",
      dependencies: [
        "CatalogAPI",
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
      ]
    ),
    .target(
      name: "CatalogAPITesting", dependencies: ["CatalogAPI", .product(name: "HumbleSupport", package: "Support")]),
    .testTarget(
      name: "CatalogAPITestingTests",
      dependencies: ["CatalogAPITesting", "CatalogAPI", .product(name: "HumbleSupport", package: "Support")]
    ),
    .testTarget(
      name: "CatalogAPITests",
      dependencies: ["CatalogAPI", .product(name: "Domain", package: "Domain")]
    ),
    .testTarget(
      name: "ServicesRemoteTests",
      dependencies: [
        "ServicesRemote",
        "CatalogAPI",
        .product(name: "Domain", package: "Domain"),
        .product(name: "Services", package: "Services"),
        .product(name: "ServicesTestSupport", package: "Services"),
        .product(name: "HumbleSupport", package: "Support"),
        .product(name: "HumbleSupportTesting", package: "Support"),
      ]
    ),
  ]
)
