#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a `pthread` mutex: the one lock of the workspace's shared state.
///
/// `Synchronization.Mutex` would do the same job, but on Linux it waits on a futex inside the uninstrumented
/// standard library, so Thread Sanitizer cannot see it order accesses and reports every guarded access as a
/// race. Thread Sanitizer understands `pthread_mutex_lock`, so with this lock it checks the services for real.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // The mutex lives at a stable address of its own (a `pthread_mutex_t` must never move); `value` is only
  // touched between lock and unlock.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// A lock guarding `value`.
  public init(_ value: consuming Value) {
    self.value = value
    mutex = UnsafeMutablePointer.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock; `body` must not call back into this lock.
  public func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// A lock reflects as itself, without its value: a failed test expectation that reflects a type holding a lock
/// (Swift Testing shows the parts of each operand) would otherwise try to copy a value that cannot be copied, and
/// trap.
extension Locked: CustomReflectable where Value: ~Copyable {
  /// The lock alone, with no children.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
