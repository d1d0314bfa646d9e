import Foundation

/// A single `Range: bytes=…` request header as the test server understands it: `first-`, `first-last` or
/// `-suffixLength`.
struct RequestedRange: Equatable, Sendable {
  var first: Int?
  var last: Int?

  init?(_ header: String) {
    guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
    let bounds = header.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
    guard bounds.count == 2, !(bounds[0].isEmpty && bounds[1].isEmpty) else { return nil }
    first = bounds[0].isEmpty ? nil : Int(bounds[0])
    last = bounds[1].isEmpty ? nil : Int(bounds[1])
    if !bounds[0].isEmpty && first == nil || !bounds[1].isEmpty && last == nil { return nil }
  }

  /// The bytes asked for in a body of `count` bytes, or nil when none of them exist (416).
  func bounds(in count: Int) -> Range<Int>? {
    guard let first else {
      guard let last, last > 0, count > 0 else { return nil }
      return max(0, count - last)..<count
    }
    guard first < count else { return nil }
    return first..<min(count, (last ?? count - 1) + 1)
  }
}
