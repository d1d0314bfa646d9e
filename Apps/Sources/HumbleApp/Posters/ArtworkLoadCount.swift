/// How many artwork loads a grid has started that have not ended yet: its cells' and its prefetches'.
///
/// A load ends once its answer was applied or dropped, in the same main-actor turn. A test waits on ``onChange``
/// rather than on time; the REPL can say whether artwork is still on its way.
@MainActor
package final class ArtworkLoadCount {
  /// The loads started and not yet ended.
  package private(set) var inFlight = 0
  /// Every load started so far.
  package private(set) var started = 0
  /// Called after every change of ``inFlight``.
  package var onChange: (@MainActor () -> Void)?

  package init() {}

  /// A load started.
  func began() {
    started += 1
    inFlight += 1
    onChange?()
  }

  /// A load ended: its answer was applied or dropped, or it was cancelled.
  func ended() {
    inFlight -= 1
    onChange?()
  }
}
