import Testing

/// Whether a mock fails loudly, and where it was made: such a mock records every call to an endpoint the test did
/// not set up as a Swift Testing issue (a failure of the running test), at the line that made the mock.
///
/// Mocks made with `init()` answer every call (with empty answers where nothing was set), as the seed's tests
/// expect; mocks made with `unimplemented()` (as isowords' unimplemented clients) make a test say which
/// endpoints it means to use, so that a call it did not mean (a favourites page asking for an artist's
/// related artists, say) fails the test instead of passing unseen.
struct CallsNotSetUp: Sendable {
  /// Where the mock was made, when calls not set up are reported; nil when they are answered.
  let reportedAt: SourceLocation?

  /// Whether calls to endpoints not set up are reported.
  var areReported: Bool { reportedAt != nil }

  /// Records `call` as an issue when calls not set up are reported.
  func report(_ call: String, of mock: String, setUpWith setUp: String) {
    guard let reportedAt else { return }
    Issue.record(
      "\(mock) received \(call), which this test did not set up; set it up with \(setUp)", sourceLocation: reportedAt)
  }
}
