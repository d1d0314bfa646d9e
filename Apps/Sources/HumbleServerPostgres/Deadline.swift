import NIOConcurrencyHelpers

/// Runs work that must answer within a time limit, even when the work does not notice cancellation.
///
/// The work runs in a task of its own; the caller is answered once, by the work, by the deadline or by its
/// own cancellation, and the work is cancelled when it lost. A connection pool waiting for a database that is
/// down answers late; the request that waits for it must not.
enum Deadline {
  static func run<T: Sendable>(
    within limit: Duration, onTimeout: @escaping @Sendable () -> any Error,
    _ work: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let answer = Answer<T>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        answer.wait(with: continuation)
        let worker = Task {
          do {
            answer.resolve(.success(try await work()))
          } catch {
            answer.resolve(.failure(error))
          }
        }
        let timer = Task {
          guard (try? await Task.sleep(for: limit)) != nil else { return }
          answer.resolve(.failure(onTimeout()))
        }
        answer.onResolve {
          worker.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      answer.resolve(.failure(CancellationError()))
    }
  }

  /// The one answer a caller gets.
  private final class Answer<T: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<T, any Error>?
      var result: Result<T, any Error>?
      var cleanup: (@Sendable () -> Void)?
    }
    private let state = NIOLockedValueBox(State())

    func wait(with continuation: CheckedContinuation<T, any Error>) {
      let early: Result<T, any Error>? = state.withLockedValue { state in
        if let result = state.result { return result }
        state.continuation = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }

    func onResolve(_ cleanup: @escaping @Sendable () -> Void) {
      let resolved = state.withLockedValue { state in
        if state.result != nil { return true }
        state.cleanup = cleanup
        return false
      }
      if resolved { cleanup() }
    }

    func resolve(_ result: Result<T, any Error>) {
      let (continuation, cleanup): (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) =
        state.withLockedValue { state in
          guard state.result == nil else { return (nil, nil) }
          state.result = result
          defer {
            state.continuation = nil
            state.cleanup = nil
          }
          return (state.continuation, state.cleanup)
        }
      continuation?.resume(with: result)
      cleanup?()
    }
  }
}
