// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "Domain",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Domain", targets: ["Domain"])
  ],
  targets: [
    .target(name: "Domain"),
    .testTarget(name: "DomainTests", dependencies: ["Domain"]),
  ]
)
