// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "Presentation",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["Presentation", "PresentationTestSupport"].map { .library(name: $0, targets: [$0]) },
  dependencies: ["../Domain", "../Services", "../Support"].map { .package(path: $0) },
  targets: [
    .target(
      name: "Presentation",
      dependencies: ["Domain"] + products(of: "Services", "Services") + products(of: "Support", "HumbleSupport")
    ),
    .target(
      name: "PresentationTestSupport",
      dependencies: ["Presentation", "Domain"] + products(of: "Services", "ServicesTestSupport")
    ),
    .testTarget(
      name: "PresentationTests",
      dependencies: ["Presentation", "PresentationTestSupport", "Domain"]
        + products(of: "Services", "Services", "ServicesTestSupport", "SeededRandomness")
    ),
  ]
)

/// Products of another package, as a target's dependencies.
func products(of package: String, _ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: package) }
}
