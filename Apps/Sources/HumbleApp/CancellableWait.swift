import Synchronization

/// Waiting for work that does not stop when its waiter is cancelled: the `wait` command waits for downloads, and
/// Ctrl-C ends the wait at once while the downloads go on.
enum CancellableWait {
  /// Runs `work` in a task of its own and waits until it finishes (true) or the waiting task is cancelled
  /// (false), whichever comes first; a cancelled wait leaves `work` running.
  ///
  /// No polling: the work's task and the cancellation handler each try to end the wait, and the first wins.
  static func until(_ work: @escaping @Sendable () async -> Void) async -> Bool {
    let outcome = WaitOutcome()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        outcome.wait(continuation)
        Task {
          await work()
          outcome.end(finished: true)
        }
      }
    } onCancel: {
      outcome.end(finished: false)
    }
  }
}

/// The first ending of a wait (finished or cancelled), handed once to the waiter whenever it starts waiting.
private final class WaitOutcome: Sendable {
  private struct State {
    var waiter: CheckedContinuation<Bool, Never>?
    var finished: Bool?
  }

  private let state = Mutex(State())

  /// Hands `waiter` the ending, now if there is one already, else when it comes.
  func wait(_ waiter: CheckedContinuation<Bool, Never>) {
    let ended = state.withLock { state -> Bool? in
      if let finished = state.finished { return finished }
      state.waiter = waiter
      return nil
    }
    if let ended { waiter.resume(returning: ended) }
  }

  /// Ends the wait, unless it has ended already.
  func end(finished: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard state.finished == nil else { return nil }
      state.finished = finished
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: finished)
  }
}
