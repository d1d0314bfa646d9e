import Foundation

/// A value guarded by a lock: the remote services' shared state.
///
/// `NSLock` is a `pthread` mutex underneath, which Thread Sanitizer understands (see `Locked` in Services,
/// which this package cannot reach: it is `package`, not public).
final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock; `body` must not call back into this lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
