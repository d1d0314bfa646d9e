/// The first of several outcomes, handed to one waiter: later outcomes are ignored.
@MainActor
final class FirstOutcome<Value: Sendable> {
  private var result: Result<Value, any Error>?
  private var waiter: CheckedContinuation<Result<Value, any Error>, Never>?

  /// Records `result` unless an outcome was recorded before, and wakes the waiter.
  func settle(_ result: Result<Value, any Error>) {
    guard self.result == nil else { return }
    self.result = result
    waiter?.resume(returning: result)
    waiter = nil
  }

  /// The first outcome, once there is one.
  func value() async throws -> Value {
    if let result { return try result.get() }
    let result = await withCheckedContinuation { waiter = $0 }
    return try result.get()
  }
}
