import Foundation

/// Blocking work (waiting for a child process, reading a pseudo-terminal, a `waitpid`) run on a thread of its
/// own, so that the awaiting task holds none of the threads Swift concurrency shares.
///
/// Swift Testing runs tests, synchronous ones included, on that shared pool, which has one thread per core: on
/// a two-core machine, two tests that block in it stop every other test's `await`s until they are done.
///
/// ```swift
/// @Test func aPersonTypesAtThePrompt() async throws {
///   try await OwnThread.run {
///     let terminal = try PseudoTerminal(…)
///     try terminal.waitFor("humble> ")   // blocks this thread only
///   }
/// }
/// ```
public enum OwnThread {
  /// Runs `work` on a new thread and answers what it returned or threw.
  public static func run<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }

  /// Runs `work`, which cannot fail, on a new thread and answers what it returned.
  public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}
