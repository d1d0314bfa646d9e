import HumbleApp

/// Collects a session's live output (the rows that changed between commands) and lets a test wait for it.
///
/// Live output arrives in order, so a change a test makes after a command is reported after anything that
/// command could still cause: waiting for that change's report is how a test knows nothing came before it.
@MainActor final class LiveOutputRecorder {
  private var batches: [[String]] = []
  private var waiting: CheckedContinuation<[String], Never>?

  /// Records `session`'s live output from now on, gathered for `interval` before each report.
  init(_ session: Session, interval: Duration = .milliseconds(5)) {
    session.liveOutputInterval = interval
    session.onLiveOutput = { [weak self] lines in self?.receive(lines) }
  }

  /// The next report, waiting for it if none is pending.
  func next() async -> [String] {
    if !batches.isEmpty { return batches.removeFirst() }
    return await withCheckedContinuation { waiting = $0 }
  }

  private func receive(_ lines: [String]) {
    if let waiting {
      self.waiting = nil
      waiting.resume(returning: lines)
    } else {
      batches.append(lines)
    }
  }
}
