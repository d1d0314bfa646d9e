import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request in flight: its task, and whether the caller or the deadline ended it first.
///
/// Cancellation can arrive before the task exists (the caller was cancelled while the request was being
/// made); the task is then cancelled as soon as it is started.
final class Exchange: Sendable {
  /// Who ended the exchange before the server did.
  enum Ending: Sendable {
    case byCaller
    case byTimeout
  }

  private struct State {
    var task: URLSessionDataTask?
    var timer: DispatchWorkItem?
    var ending: Ending?
    var isFinished = false
  }

  private let state = Guarded(State())

  /// Starts `task`, and a timer that cancels it after `timeout`.
  func start(_ task: URLSessionDataTask, timeout: Duration) {
    let timer = DispatchWorkItem { [self] in cancel(.byTimeout) }
    let alreadyEnded = state.withLock { state in
      state.task = task
      state.timer = timer
      return state.ending != nil
    }
    task.resume()
    if alreadyEnded {
      task.cancel()
    } else {
      let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: timer)
    }
  }

  /// Ends the exchange early, unless the answer is already in or it already ended.
  func cancel(_ ending: Ending) {
    let task: URLSessionDataTask? = state.withLock { state in
      guard !state.isFinished, state.ending == nil else { return nil }
      state.ending = ending
      return state.task
    }
    task?.cancel()
  }

  /// Marks the answer as in, and says who ended the exchange early, if anyone did.
  func finish() -> Ending? {
    let (timer, ending) = state.withLock { state in
      state.isFinished = true
      return (state.timer, state.ending)
    }
    timer?.cancel()
    return ending
  }
}
