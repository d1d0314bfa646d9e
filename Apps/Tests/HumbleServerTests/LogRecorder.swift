import Logging
import NIOConcurrencyHelpers

/// Keeps what a server logs, so that a test can read the line for one request.
final class LogRecorder: Sendable {
  /// One logged line.
  struct Entry: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: [String: String]
  }

  private struct State {
    var entries: [Entry] = []
    var waiters: [(matches: @Sendable (Entry) -> Bool, continuation: CheckedContinuation<Entry, Never>)] = []
  }

  private let state = NIOLockedValueBox(State())

  /// A logger that records its warnings and errors here.
  var logger: Logger { logger(level: .warning) }

  /// A logger that records here what it logs at `level` and above.
  func logger(level: Logger.Level) -> Logger {
    var logger = Logger(label: "humble-server-tests") { _ in Handler(recorder: self) }
    logger.logLevel = level
    return logger
  }

  /// The lines logged for a request.
  func entries(forRequestID requestID: String) -> [Entry] {
    state.withLockedValue { $0.entries }.filter { $0.metadata["requestID"] == requestID }
  }

  /// The first line logged that `matches`, once there is one.
  func firstEntry(where matches: @escaping @Sendable (Entry) -> Bool) async -> Entry {
    await withCheckedContinuation { continuation in
      let found = state.withLockedValue { state in
        guard let found = state.entries.first(where: matches) else {
          state.waiters.append((matches, continuation))
          return nil as Entry?
        }
        return found
      }
      if let found { continuation.resume(returning: found) }
    }
  }

  private func record(_ entry: Entry) {
    let met = state.withLockedValue { state in
      state.entries.append(entry)
      let met = state.waiters.filter { $0.matches(entry) }.map(\.continuation)
      state.waiters.removeAll { $0.matches(entry) }
      return met
    }
    for continuation in met { continuation.resume(returning: entry) }
  }

  private struct Handler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      var all = metadata
      all.merge(event.metadata ?? [:]) { _, new in new }
      let entry = Entry(
        level: event.level, message: event.message.description, metadata: all.mapValues { "\($0)" })
      recorder.record(entry)
    }
  }
}
