// swift-tools-version: 6.1

import PackageDescription

// The catalog over HTTP, client side: the API's contract (its OpenAPI document and wire types) and the remote
// services that implement the `Services` protocols against `humble-server`. It is a package of its own so that a
// user of `Services` or its mocks never resolves or builds an HTTP stack.
let package = Package(
  name: "Remote",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["CatalogAPI", "ServicesRemote", "CatalogAPITesting"].map { .library(name: $0, targets: [$0]) },
  dependencies: ["../Domain", "../Services", "../Support"].map { .package(path: $0) },
  targets: [
    .target(
      name: "CatalogAPI",
      dependencies: products(of: "Domain", "Domain") + products(of: "Services", "Services")
        + products(of: "Support", "HumbleSupport"),
      resources: [.copy("openapi.json")]
    ),
    .target(
      name: "ServicesRemote",
      dependencies: ["CatalogAPI"] + products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "SeededRandomness")
        + products(of: "Support", "HumbleSupport")
    ),
    .target(name: "CatalogAPITesting", dependencies: ["CatalogAPI"] + products(of: "Support", "HumbleSupport")),
    .testTarget(
      name: "CatalogAPITestingTests",
      dependencies: ["CatalogAPITesting", "CatalogAPI"] + products(of: "Support", "HumbleSupport")
        + products(of: "Services", "Services")
    ),
    .testTarget(
      name: "CatalogAPITests",
      dependencies: ["CatalogAPI"] + products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "SeededRandomness")
    ),
    .testTarget(
      name: "ServicesRemoteTests",
      dependencies: ["ServicesRemote", "CatalogAPI"] + products(of: "Domain", "Domain")
        + products(of: "Services", "Services", "ServicesTestSupport", "SeededRandomness")
        + products(of: "Support", "HumbleSupport", "HumbleSupportTesting")
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
