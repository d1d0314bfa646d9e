import Presentation

/// Gathers the rows that changed on their own between commands (a download's progress, a favourite stored
/// elsewhere) and hands them on at most once per interval, each row once, in the order they first changed: a
/// download announcing every percent does not flood the terminal.
@MainActor
final class LiveOutputThrottle {
  /// How long changes are gathered before they are handed on.
  var interval: Duration
  private let deliver: ([ArtistCellModelType.ID]) -> Void
  private var pending: [ArtistCellModelType.ID] = []
  private var delivery: Task<Void, Never>?

  /// A throttle that hands the gathered rows to `deliver`.
  init(interval: Duration, deliver: @escaping ([ArtistCellModelType.ID]) -> Void) {
    self.interval = interval
    self.deliver = deliver
  }

  isolated deinit {
    delivery?.cancel()
  }

  /// Adds rows that changed; the first rows since the last delivery start the interval.
  func note(_ ids: [ArtistCellModelType.ID]) {
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
