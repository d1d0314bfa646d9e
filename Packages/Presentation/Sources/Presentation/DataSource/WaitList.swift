/// The callers waiting for a data source to say that something happened (its tracks all arrived, its rows
/// caught up with the managers): each wait ends when the data source calls ``resumeAll()``, or when the
/// waiting task is cancelled.
@MainActor
final class WaitList {
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
  private var nextID = 0

  /// Whether nobody waits.
  var isEmpty: Bool { waiting.isEmpty }

  /// Waits until ``resumeAll()``; returns at once when the calling task is cancelled (then or later).
  ///
  /// The caller checks first whether there is anything to wait for: nothing runs between that check and the
  /// wait joining the list, as both run on the main actor without suspending.
  func wait() async {
    let id = nextID
    nextID += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        if Task.isCancelled {
          waiter.resume()
        } else {
          waiting[id] = waiter
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.waiting.removeValue(forKey: id)?.resume() }
    }
  }

  /// Ends every wait.
  func resumeAll() {
    let waiters = waiting.values
    waiting = [:]
    for waiter in waiters { waiter.resume() }
  }
}
