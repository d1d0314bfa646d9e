/// The first of several outcomes: whoever settles it first decides, later outcomes are ignored.
///
/// Every waiter gets that first value, whether it started waiting before or after it came. The races built
/// on it (``race(within:onTimeout:onCancel:start:)``, ``run(within:onTimeout:work:)``) add a deadline and the
/// caller's cancellation as contestants.
public final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [CheckedContinuation<Value, Never>] = []
    var cleanups: [@Sendable () -> Void] = []
  }

  private let state = Locked(State())

  /// An outcome nobody has settled yet.
  public init() {}

  /// Settles the outcome with `value` unless it is settled already; true when this call decided it.
  ///
  /// The waiters are woken and the work registered with ``whenSettled(_:)`` runs, outside the lock.
  @discardableResult
  public func settle(_ value: Value) -> Bool {
    let decided: (waiters: [CheckedContinuation<Value, Never>], cleanups: [@Sendable () -> Void])? =
      state.withLock { state in
        guard state.value == nil else { return nil }
        state.value = value
        defer {
          state.waiters = []
          state.cleanups = []
        }
        return (state.waiters, state.cleanups)
      }
    guard let decided else { return false }
    for waiter in decided.waiters { waiter.resume(returning: value) }
    for cleanup in decided.cleanups { cleanup() }
    return true
  }

  /// Runs `cleanup` once the outcome is settled: at once if it is settled already.
  public func whenSettled(_ cleanup: @escaping @Sendable () -> Void) {
    let settled = state.withLock { state in
      if state.value != nil { return true }
      state.cleanups.append(cleanup)
      return false
    }
    if settled { cleanup() }
  }

  /// The first outcome, once there is one.
  public func value() async -> Value {
    await withCheckedContinuation { waiter in
      let settled = state.withLock { state -> Value? in
        if let value = state.value { return value }
        state.waiters.append(waiter)
        return nil
      }
      if let settled { waiter.resume(returning: settled) }
    }
  }
}
