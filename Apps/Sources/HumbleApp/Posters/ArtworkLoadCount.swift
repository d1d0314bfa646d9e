/// How many artwork loads a grid has started that have not ended yet: its cells' and its prefetches'.
///
/// A load ends once its answer was applied or dropped, in the same main-actor turn. A test waits on ``onChange``
/// rather than on time; the REPL can say whether artwork is still on its way, and its `wait` command waits until
/// none is (``waitUntilSettled()``).
@MainActor
@_spi(Testing) public final class ArtworkLoadCount {
  /// The loads started and not yet ended.
  @_spi(Testing) public private(set) var inFlight = 0
  /// Every load started so far.
  @_spi(Testing) public private(set) var started = 0
  /// Called after every change of ``inFlight``.
  @_spi(Testing) public var onChange: (@MainActor () -> Void)?
  /// Those waiting until no load is in flight.
  private var settledWaiters: [CheckedContinuation<Void, Never>] = []

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
    guard inFlight == 0 else { return }
    let waiters = settledWaiters
    settledWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no load is in flight (at once when none is): each load's answer has been applied or dropped.
  ///
  /// The `wait` command waits here; loads started while it waits are waited for too.
  func waitUntilSettled() async {
    guard inFlight > 0 else { return }
    await withCheckedContinuation { settledWaiters.append($0) }
  }
}
