/// Gathers what changed on their own between commands (the rows a download's progress or a favourite stored
/// elsewhere changed, the posters whose artwork arrived) and hands them on at most once per interval, each once, in
/// the order they first changed: a download announcing every percent, or a screenful of artwork arriving poster by
/// poster, does not flood the terminal.
@MainActor
final class LiveOutputThrottle<Change: Hashable> {
  /// How long changes are gathered before they are handed on.
  var interval: Duration
  private let deliver: ([Change]) -> Void
  private var pending: [Change] = []
  private var delivery: Task<Void, Never>?

  /// A throttle that hands the gathered changes to `deliver`.
  init(interval: Duration, deliver: @escaping ([Change]) -> Void) {
    self.interval = interval
    self.deliver = deliver
  }

  isolated deinit {
    delivery?.cancel()
  }

  /// Adds what changed; the first changes since the last delivery start the interval.
  func note(_ ids: [Change]) {
    for id in ids where !pending.contains(id) { pending.append(id) }
    guard delivery == nil else { return }
    delivery = Task { [weak self, interval] in
      try? await Task.sleep(for: interval)
      self?.deliverPending()
    }
  }

  private func deliverPending() {
    delivery = nil
    let ids = pending
    pending = []
    deliver(ids)
  }
}
