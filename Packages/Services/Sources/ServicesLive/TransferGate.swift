import Foundation
import Synchronization

/// Holds a downloads manager's transfers once they have written a number of bytes, until it is released: a
/// test acts on a transfer it knows to be mid-way (changes its source, cancels it, opens another manager)
/// instead of racing a rate-limited one.
///
/// A held transfer still ends at once when its task is cancelled. Once released, transfers pass freely.
final class TransferGate: Sendable {
  private struct State {
    var released = false
    /// The bytes the held transfer had written, once one is held.
    var heldAt: Int?
    var held: [UUID: CheckedContinuation<Void, any Error>] = [:]
    var watchers: [CheckedContinuation<Int, Never>] = []
  }

  /// The bytes after which a transfer is held.
  let bytes: Int
  private let state = Mutex(State())

  /// A gate that holds a transfer once it has written at least `bytes`.
  init(holdingAfter bytes: Int) {
    self.bytes = bytes
  }

  /// Waits until a transfer is held, and returns how many bytes it had written.
  func waitUntilHeld() async -> Int {
    await withCheckedContinuation { continuation in
      let heldAt = state.withLock { state in
        if state.heldAt == nil { state.watchers.append(continuation) }
        return state.heldAt
      }
      if let heldAt { continuation.resume(returning: heldAt) }
    }
  }

  /// Lets the held transfer, and every later one, go on.
  func release() {
    let held = state.withLock { state in
      state.released = true
      defer { state.held = [:] }
      return Array(state.held.values)
    }
    for continuation in held { continuation.resume() }
  }

  /// Called by a transfer after each chunk it wrote: returns at once below the threshold or once released,
  /// and otherwise waits for the release; throws `CancellationError` when the transfer's task is cancelled.
  func pass(written: Int) async throws {
    guard written >= bytes, !state.withLock({ $0.released }) else { return }
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (go, watchers) = state.withLock { state -> (Result<Void, any Error>?, [CheckedContinuation<Int, Never>]) in
          if state.released { return (.success(()), []) }
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          state.held[id] = continuation
          if state.heldAt == nil { state.heldAt = written }
          defer { state.watchers = [] }
          return (nil, state.watchers)
        }
        for watcher in watchers { watcher.resume(returning: written) }
        if let go { continuation.resume(with: go) }
      }
    } onCancel: {
      state.withLock { $0.held.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }
}

/// The gate reflects without its lock: a failed test expectation about a downloads manager (Swift Testing shows
/// the parts of each operand) would otherwise try to copy the `Mutex`, which cannot be copied, and trap.
extension TransferGate: CustomReflectable {
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
