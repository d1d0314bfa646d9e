import Foundation
import HumbleSupport
import Services
import Testing

/// An ``ArtworkLoader`` whose answers a test sets URL by URL, which records every call and can fail or hold
/// calls, and release held ones in any order.
///
/// Properties can be read and set synchronously from any isolation. A call's answer is the one set when the call
/// was made, for its URL, else for every URL (``returnArtwork(_:for:)``, ``failCalls(for:with:)``); with neither,
/// ``ArtworkLoadError/notFound(_:)``.
///
/// Holding is how a test makes answers arrive late and out of order: ``holdCalls(for:)`` holds each later call
/// for a URL (or every call), ``heldCall(for:at:)`` hands a test the hold of one of them once it is made, and the
/// test releases them one by one in whatever order it chooses (``HeldCall/release()``, ``release(_:)``). A held
/// call whose task is cancelled throws ``ArtworkLoadError/cancelled`` at once, as a live load does, and is
/// recorded in ``cancelledURLs``.
///
/// Made with ``unimplemented(sourceLocation:)``, it fails the test on a call for a URL the test gave no answer
/// (and no answer for every URL, and did not ``expectCalls()``), and the call throws
/// ``ArtworkLoadError/unreachable(_:reason:)``. A hold does not set a URL up: it says when a call answers, not
/// what.
public final class MockArtworkLoader: ArtworkLoader, Sendable {
  private struct State {
    var answers: [URL: Result<Artwork, ArtworkLoadError>] = [:]
    var answerForEveryURL: Result<Artwork, ArtworkLoadError>?
    var expectsCalls = false
    var holdsEveryCall = false
    var heldURLs: Set<URL> = []
    var nextHolds: [(url: URL?, hold: HeldCall)] = []
    /// Every call held so far, in the order the calls were made.
    var held: [(url: URL, hold: HeldCall)] = []
    var heldCallWaiters: [(url: URL, index: Int, waiter: CheckedContinuation<HeldCall, Never>)] = []
    var requestedURLs: [URL] = []
    var cancelledURLs: [URL] = []

    /// The hold the call for `url` made now meets, if any: a hold set for the next call first, then the
    /// URL's or every call's.
    mutating func hold(for url: URL) -> HeldCall? {
      if let index = nextHolds.firstIndex(where: { $0.url == nil || $0.url == url }) {
        return nextHolds.remove(at: index).hold
      }
      return holdsEveryCall || heldURLs.contains(url) ? HeldCall() : nil
    }

    /// The `index`th call held for `url` (counting from 0), if it has been made.
    func heldCall(for url: URL, at index: Int) -> HeldCall? {
      let forURL = held.filter { $0.url == url }
      return forURL.indices.contains(index) ? forURL[index].hold : nil
    }
  }

  private let state = Locked(State())
  private let callsNotSetUp: CallsNotSetUp

  /// Creates a mock that answers ``ArtworkLoadError/notFound(_:)`` for every URL until the test sets answers.
  public init() {
    callsNotSetUp = CallsNotSetUp(reportedAt: nil)
  }

  private init(callsNotSetUp: CallsNotSetUp) {
    self.callsNotSetUp = callsNotSetUp
  }

  /// A mock on which every URL is unimplemented until the test sets it up: a call for a URL that has no answer of
  /// its own, when there is no answer for every URL and the test did not call ``expectCalls()``, fails the test
  /// (reported at the line that made the mock) and throws ``ArtworkLoadError/unreachable(_:reason:)``.
  public static func unimplemented(sourceLocation: SourceLocation = #_sourceLocation) -> MockArtworkLoader {
    MockArtworkLoader(callsNotSetUp: CallsNotSetUp(reportedAt: sourceLocation))
  }

  /// Says that the test expects calls for URLs it gave no answer, answered ``ArtworkLoadError/notFound(_:)``: for
  /// a mock made with ``unimplemented(sourceLocation:)``.
  public func expectCalls() {
    state.withLock { $0.expectsCalls = true }
  }

  // MARK: Configuring answers

  /// Answers calls with `artwork`: for `url` if it is given, else for every URL without an answer of its own.
  ///
  /// It replaces the answer (artwork or failure) set before for the same URL, or for every URL.
  public func returnArtwork(_ artwork: Artwork, for url: URL? = nil) {
    setAnswer(.success(artwork), for: url)
  }

  /// Makes calls throw `error`: for `url` if it is given, else for every URL without an answer of its own.
  ///
  /// It replaces the answer (artwork or failure) set before for the same URL, or for every URL.
  public func failCalls(for url: URL? = nil, with error: ArtworkLoadError) {
    setAnswer(.failure(error), for: url)
  }

  private func setAnswer(_ answer: Result<Artwork, ArtworkLoadError>, for url: URL?) {
    state.withLock { state in
      if let url {
        state.answers[url] = answer
      } else {
        state.answerForEveryURL = answer
      }
    }
  }

  // MARK: Holding calls

  /// Holds every later call for `url` (for any URL when nil), each on a hold of its own, until the test releases
  /// it: see ``heldCall(for:at:)``, ``release(_:)`` and ``releaseAll()``.
  public func holdCalls(for url: URL? = nil) {
    state.withLock { state in
      if let url {
        state.heldURLs.insert(url)
      } else {
        state.holdsEveryCall = true
      }
    }
  }

  /// Holds the next call for `url` (for any URL when nil) that has not been held yet, until the returned hold is
  /// released.
  ///
  /// Several holds queue up: the first matching call meets the first hold. It takes precedence over
  /// ``holdCalls(for:)``.
  public func holdNextCall(for url: URL? = nil) -> HeldCall {
    let hold = HeldCall()
    state.withLock { $0.nextHolds.append((url, hold)) }
    return hold
  }

  /// Stops holding later calls (``holdCalls(for:)``, and holds for a next call that no call has met); calls held
  /// already stay held until released.
  public func stopHoldingCalls() {
    state.withLock { state in
      state.holdsEveryCall = false
      state.heldURLs = []
      state.nextHolds = []
    }
  }

  /// The hold of the `index`th call for `url` that was held (counting from 0), once that call has been made.
  ///
  /// It returns as soon as the call is made, which may be just before it reaches its hold: releasing it then lets
  /// the call pass straight through, and ``HeldCall/waitUntilReached()`` waits for it to arrive.
  public func heldCall(for url: URL, at index: Int = 0) async -> HeldCall {
    await withCheckedContinuation { waiter in
      let found: HeldCall? = state.withLock { state in
        if let hold = state.heldCall(for: url, at: index) { return hold }
        state.heldCallWaiters.append((url, index, waiter))
        return nil
      }
      if let found { waiter.resume(returning: found) }
    }
  }

  /// Releases every call held for `url` so far, in the order they were made.
  public func release(_ url: URL) {
    let holds = state.withLock { state in state.held.filter { $0.url == url }.map(\.hold) }
    for hold in holds { hold.release() }
  }

  /// Releases every call held so far, in the order they were made.
  public func releaseAll() {
    let holds = state.withLock { state in state.held.map(\.hold) }
    for hold in holds { hold.release() }
  }

  // MARK: Recorded calls

  /// The URL of every call received, in order.
  public var requestedURLs: [URL] {
    state.withLock { $0.requestedURLs }
  }

  /// How many calls for `url` were received.
  public func requestCount(for url: URL) -> Int {
    state.withLock { state in state.requestedURLs.count { $0 == url } }
  }

  /// The URL of every held call whose task was cancelled before its release, in the order they gave up.
  public var cancelledURLs: [URL] {
    state.withLock { $0.cancelledURLs }
  }

  // MARK: ArtworkLoader

  /// Answers with what was set for `url`, else for every URL, else ``ArtworkLoadError/notFound(_:)``; a held call
  /// answers once released, or throws ``ArtworkLoadError/cancelled`` when its task is cancelled first.
  public func artwork(for url: URL) async throws(ArtworkLoadError) -> Artwork {
    let (isSetUp, result, hold): (Bool, Result<Artwork, ArtworkLoadError>, HeldCall?) = state.withLock { state in
      state.requestedURLs.append(url)
      let answer = state.answers[url] ?? state.answerForEveryURL
      guard answer != nil || state.expectsCalls || !callsNotSetUp.areReported else {
        return (false, .failure(.unreachable(url, reason: "artwork(for: \(url)) was not set up in this test")), nil)
      }
      let hold = state.hold(for: url)
      if let hold { state.held.append((url, hold)) }
      return (true, answer ?? .failure(.notFound(url)), hold)
    }
    if !isSetUp {
      callsNotSetUp.report(
        "artwork(for: \(url))", of: "MockArtworkLoader",
        setUpWith: "returnArtwork(_:for:), failCalls(for:with:) or expectCalls()")
    }
    if let hold {
      resumeHeldCallWaiters()
      let answers = await hold.arrive { answers in
        if !answers { state.withLock { $0.cancelledURLs.append(url) } }
      }
      guard answers else { throw .cancelled }
    }
    return try result.get()
  }

  /// Hands each waiter of ``heldCall(for:at:)`` whose call is now held its hold.
  private func resumeHeldCallWaiters() {
    let ready = state.withLock { state in
      var ready: [(CheckedContinuation<HeldCall, Never>, HeldCall)] = []
      var waiting: [(url: URL, index: Int, waiter: CheckedContinuation<HeldCall, Never>)] = []
      for entry in state.heldCallWaiters {
        if let hold = state.heldCall(for: entry.url, at: entry.index) {
          ready.append((entry.waiter, hold))
        } else {
          waiting.append(entry)
        }
      }
      state.heldCallWaiters = waiting
      return ready
    }
    for (waiter, hold) in ready { waiter.resume(returning: hold) }
  }
}
