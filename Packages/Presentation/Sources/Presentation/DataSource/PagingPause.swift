/// Holds a page's background paging while the page is covered (another page opening over it, or kept for a back
/// button): a covered page's batches would rebuild rows no one sees, on the main actor the page in front needs.
///
/// The paging task waits here before it shows a page or asks for the next; it holds the gate, not the data source,
/// so a page dropped while paused is still released (its paging is cancelled, and the wait ends).
@MainActor
final class PagingPause {
  /// Whether paging stops at the gate.
  private(set) var isPaused = false
  private let resumed = WaitList()
  private let parked = WaitList()
  /// Whether a paging task waits at the gate now.
  private(set) var isParked = false

  func pause() {
    isPaused = true
  }

  func resume() {
    isPaused = false
    resumed.resumeAll()
  }

  /// Waits while paused; returns at once when not, and when the calling task is cancelled.
  func waitWhilePaused() async {
    while isPaused, !Task.isCancelled {
      isParked = true
      parked.resumeAll()
      await resumed.wait()
      isParked = false
    }
  }

  /// Waits until a paging task waits at the gate: a hook for tests, which check what a paused page did not do.
  func waitUntilParked() async {
    guard !isParked else { return }
    await parked.wait()
  }
}
