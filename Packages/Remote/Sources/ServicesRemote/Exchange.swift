import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request in flight, answered once: by the server, by the caller's cancellation or by the deadline,
/// whichever comes first.
///
/// The URL session task is never cancelled. FoundationNetworking on Linux can crash when a task is cancelled
/// while it is failing by itself (a refused connection fails at once, and its sibling requests are cancelled
/// at the same moment: swift-corelibs-foundation's "cancelling and protocol fails fast" crash family). So the
/// caller is answered at once and the task is left to end on its own; URLSession's own timeout, set just past
/// the deadline, bounds how long it can last.
final class Exchange: Sendable {
  typealias Outcome = Result<(Data, HTTPURLResponse), RemoteFailure>

  private struct State {
    var answer: (@Sendable (Outcome) -> Void)?
    var timer: DispatchWorkItem?
  }

  private let state = Guarded(State())

  /// Waits for the first answer: `task`'s (described by `outcome`), or `cancelled` when the caller is cancelled,
  /// or `timedOut` after `timeout`.
  static func run(
    timeout: Duration, cancelled: RemoteFailure, timedOut: RemoteFailure,
    task makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask,
    outcome: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Outcome
  ) async -> Outcome {
    let exchange = Exchange()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        exchange.state.withLock { $0.answer = { continuation.resume(returning: $0) } }
        let task = makeTask { data, response, error in exchange.answer(outcome(data, response, error)) }
        let timer = DispatchWorkItem { exchange.answer(.failure(timedOut)) }
        exchange.state.withLock { $0.timer = timer }
        task.resume()
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: timer)
      }
    } onCancel: {
      exchange.answer(.failure(cancelled))
    }
  }

  /// Answers the caller, unless an answer was given already.
  private func answer(_ outcome: Outcome) {
    let (answer, timer) = state.withLock { state in
      defer {
        state.answer = nil
        state.timer = nil
      }
      return (state.answer, state.timer)
    }
    timer?.cancel()
    answer?(outcome)
  }
}
