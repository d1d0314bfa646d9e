extension FirstOutcome {
  /// Waits for the first of: what `start` settles, the deadline (`onTimeout`) and the caller's cancellation
  /// (`onCancel`).
  ///
  /// `start` begins the work and hands it the outcome to settle; it may register with
  /// ``whenSettled(_:)`` what to stop once an outcome is decided. Without a `limit` there is no deadline.
  /// No polling: each contestant tries to settle the outcome, and the first wins.
  public static func race(
    within limit: Duration? = nil,
    onTimeout: @escaping @Sendable () -> Value = { preconditionFailure("a race with a deadline needs onTimeout") },
    onCancel: @escaping @Sendable () -> Value,
    start: (FirstOutcome<Value>) -> Void
  ) async -> Value {
    let outcome = FirstOutcome<Value>()
    return await withTaskCancellationHandler {
      if let limit {
        let timer = Task {
          guard (try? await Task.sleep(for: limit)) != nil else { return }
          outcome.settle(onTimeout())
        }
        outcome.whenSettled { timer.cancel() }
      }
      start(outcome)
      return await outcome.value()
    } onCancel: {
      outcome.settle(onCancel())
    }
  }

  /// Runs `work` in a task of its own and answers with its result, or `onTimeout()`'s error after `limit`, or
  /// `CancellationError` when the caller is cancelled, whichever comes first; the work is cancelled when it lost.
  ///
  /// The answer holds even for work that does not notice cancellation: a connection pool waiting for a
  /// database that is down answers late, and the request that waits for it must not. `started` is given the task
  /// that runs `work` as soon as it exists, before any outcome (a test waits for it to see what a late answer did).
  public static func run<Success: Sendable>(
    within limit: Duration, onTimeout: @escaping @Sendable () -> any Error,
    started: @Sendable (Task<Void, Never>) -> Void = { _ in },
    work: @escaping @Sendable () async throws -> Success
  ) async throws -> Success where Value == Result<Success, any Error> {
    try await race(
      within: limit, onTimeout: { .failure(onTimeout()) }, onCancel: { .failure(CancellationError()) },
      start: { outcome in
        let worker = Task {
          do {
            outcome.settle(.success(try await work()))
          } catch {
            outcome.settle(.failure(error))
          }
        }
        outcome.whenSettled { worker.cancel() }
        started(worker)
      }
    ).get()
  }
}
