/// How many artwork loads a grid has started that have not ended yet: its cells' and its prefetches'.
///
/// A load ends once its answer was applied or dropped, in the same main-actor turn. A test waits on ``onChange``
/// rather than on time; the REPL can say whether artwork is still on its way.
@MainActor
@_spi(Testing) public final class ArtworkLoadCount {
  /// The loads started and not yet ended.
  @_spi(Testing) public private(set) var inFlight = 0
  /// Every load started so far.
  @_spi(Testing) public private(set) var started = 0
  /// Called after every change of ``inFlight``.
  @_spi(Testing) public var onChange: (@MainActor () -> Void)?

  /// A count at zero.
  @_spi(Testing) public init() {}

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
