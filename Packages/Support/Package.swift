// swift-tools-version: 6.1

import PackageDescription

// The rules every other package would otherwise write again: a lock, the first-outcome race with a deadline,
// backoff, durations in seconds, one-line text, the NUL check, ordered de-duplication, stream forwarding and
// `JSONValue`; and, for tests, one loopback HTTP server. Foundation only: any package may depend on it.
let package = Package(
  name: "Support",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: ["HumbleSupport", "HumbleSupportTesting"].map { .library(name: $0, targets: [$0]) },
  targets: [
    .target(name: "HumbleSupport"),
    .target(name: "HumbleSupportTesting"),
    .testTarget(name: "HumbleSupportTests", dependencies: ["HumbleSupport"]),
    .testTarget(name: "HumbleSupportTestingTests", dependencies: ["HumbleSupportTesting"]),
  ]
)
