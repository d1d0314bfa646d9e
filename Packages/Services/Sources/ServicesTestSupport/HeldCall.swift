import HumbleSupport
import Services

/// A mock call that is held at the point of answering until a test releases it.
///
/// Use it to make calls overlap: hold the first, make a second one complete, then release the first and
/// check that its (now stale) answer is ignored. The answer a held call returns is the one the mock was
/// configured with when the call was made.
///
/// A held call stops waiting when its task is cancelled and throws the mock's cancellation error, as a live call
/// would; one held ``ignoringCancellation`` waits for its release whatever happens and then answers, like a
/// service that does not check for cancellation: a test uses it for an answer that comes after a timeout.
public final class HeldCall: Sendable {
  private struct State {
    var isReached = false
    var isReleased = false
    var isFinished = false
    var answeredAfterCancellation = false
    var reachedWaiters: [CheckedContinuation<Void, Never>] = []
    var finishedWaiters: [CheckedContinuation<Void, Never>] = []
    var caller: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())
  /// Whether the held call waits for its release even when its task is cancelled, and then answers.
  public let ignoringCancellation: Bool

  init(ignoringCancellation: Bool = false) {
    self.ignoringCancellation = ignoringCancellation
  }

  /// Whether a call has arrived and is waiting to be released.
  public var isReached: Bool {
    state.withLock { $0.isReached }
  }

  /// Whether the held call's task was cancelled while it waited and it answered anyway, once released: a late
  /// answer (only a call held ``ignoringCancellation`` does).
  public var answeredAfterCancellation: Bool {
    state.withLock { $0.answeredAfterCancellation }
  }

  /// Suspends until a call arrives at the hold (returns at once if one already has).
  public func waitUntilReached() async {
    await withCheckedContinuation { continuation in
      let reached = state.withLock { state in
        if state.isReached { return true }
        state.reachedWaiters.append(continuation)
        return false
      }
      if reached { continuation.resume() }
    }
  }

  /// Suspends until the held call has gone on, released or cancelled (returns at once if it already has), so
  /// a test can check what its late answer did, or did not do.
  public func waitUntilFinished() async {
    await withCheckedContinuation { continuation in
      let finished = state.withLock { state in
        if state.isFinished { return true }
        state.finishedWaiters.append(continuation)
        return false
      }
      if finished { continuation.resume() }
    }
  }

  /// Lets the held call return its answer.
  ///
  /// Releasing before the call arrives lets it pass straight through.
  public func release() {
    let caller = state.withLock { state in
      state.isReleased = true
      defer { state.caller = nil }
      return state.caller
    }
    caller?.resume()
  }

  /// Called by the mock when a call reaches the hold: suspends it until ``release()``, or until the
  /// calling task is cancelled unless the hold ignores cancellation.
  ///
  /// Returns whether the call answers: false when it was cancelled (the mock then throws its cancellation
  /// error, as a live call would). `finishing` runs with that answer before anyone waiting in
  /// ``waitUntilFinished()`` goes on, so what a mock records about the call is there when they look.
  func arrive(finishing: (_ answers: Bool) -> Void = { _ in }) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (waiters, passThrough) = state.withLock { state in
          state.isReached = true
          defer { state.reachedWaiters = [] }
          // A task cancelled before it got here ran its cancellation handler already, with no caller to resume.
          let goesOn = state.isReleased || (Task.isCancelled && !ignoringCancellation)
          if !goesOn { state.caller = continuation }
          return (state.reachedWaiters, goesOn)
        }
        for waiter in waiters { waiter.resume() }
        if passThrough { continuation.resume() }
      }
    } onCancel: { [ignoringCancellation] in
      guard !ignoringCancellation else { return }
      let caller = state.withLock { state in
        defer { state.caller = nil }
        return state.caller
      }
      caller?.resume()
    }
    let answers = ignoringCancellation || !Task.isCancelled
    finishing(answers)
    let waiters = state.withLock { state in
      state.isFinished = true
      state.answeredAfterCancellation = answers && Task.isCancelled
      defer { state.finishedWaiters = [] }
      return state.finishedWaiters
    }
    for waiter in waiters { waiter.resume() }
    return answers
  }
}
