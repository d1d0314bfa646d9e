import HumbleSupport

/// Waiting for work that does not stop when its waiter is cancelled: the `wait` command waits for downloads, and
/// Ctrl-C ends the wait at once while the downloads go on.
enum CancellableWait {
  /// Runs `work` in a task of its own and waits until it finishes (true) or the waiting task is cancelled
  /// (false), whichever comes first; a cancelled wait leaves `work` running.
  static func until(_ work: @escaping @Sendable () async -> Void) async -> Bool {
    await FirstOutcome<Bool>.race(
      onCancel: { false },
      start: { outcome in
        Task {
          await work()
          outcome.settle(true)
        }
      })
  }
}
