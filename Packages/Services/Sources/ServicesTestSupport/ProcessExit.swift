import Foundation
import HumbleSupport
import Services

/// The end of a child process, to wait for without spending a core on it.
///
/// Foundation's `Process.waitUntilExit()` polls its thread's run loop until the process ends; on Linux, on a
/// thread whose run loop has nothing to wait on (any thread but the main one), that is a loop that takes a
/// whole core for as long as the child runs. On a two-core machine, a few tests waiting for children that way
/// starve every other test. `ProcessExit` is told of the end by the process's termination handler instead.
///
/// Foundation learns of the end when a socket it hands the child closes: a process that leaves a daemon
/// running (which inherits that socket) is seen to end only when the daemon does. Start such a program with
/// `posix_spawn` and `waitpid` instead (as `HumbleServerTestSupport`'s `PostgresCluster` does).
///
/// ```swift
/// let process = Process()
/// process.executableURL = binary
/// let exit = try ProcessExit.run(process)   // instead of process.run()
/// // … talk to it …
/// let status = await exit.status()           // or exit.waitForStatus() on a thread of its own
/// ```
public final class ProcessExit: Sendable {
  private let state = Locked<State>(State())

  private struct State: Sendable {
    var status: Int32?
    var waiting: [CheckedContinuation<Int32, Never>] = []
  }

  private let ended = DispatchSemaphore(value: 0)

  /// Watches `process` for its end; call before the process runs (``run(_:)`` does both).
  ///
  /// It takes the process's `terminationHandler`.
  public init(watching process: Process) {
    process.terminationHandler = { [self] process in
      let status = process.terminationStatus
      let waiting = state.withLock { state in
        state.status = status
        defer { state.waiting = [] }
        return state.waiting
      }
      ended.signal()
      for continuation in waiting { continuation.resume(returning: status) }
    }
  }

  /// Starts `process` and answers its end.
  public static func run(_ process: Process) throws -> ProcessExit {
    let exit = ProcessExit(watching: process)
    try process.run()
    return exit
  }

  /// The exit status (or the number of the signal that ended the process, as `Process.terminationStatus`),
  /// once the process has ended; the task waits without holding a thread.
  public func status() async -> Int32 {
    await withCheckedContinuation { continuation in
      let status = state.withLock { state in
        if state.status == nil { state.waiting.append(continuation) }
        return state.status
      }
      if let status { continuation.resume(returning: status) }
    }
  }

  /// The exit status, blocking the calling thread until the process has ended: for code that runs on a thread
  /// of its own.
  public func waitForStatus() -> Int32 {
    if let status = state.withLock({ $0.status }) { return status }
    ended.wait()
    ended.signal()
    return state.withLock { $0.status } ?? 0
  }
}
