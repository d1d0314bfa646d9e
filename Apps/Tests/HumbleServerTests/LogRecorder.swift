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

  private let recorded = NIOLockedValueBox<[Entry]>([])

  /// A logger that records its warnings and errors here.
  var logger: Logger {
    var logger = Logger(label: "humble-server-tests") { _ in Handler(recorder: self) }
    logger.logLevel = .warning
    return logger
  }

  /// The lines logged for a request.
  func entries(forRequestID requestID: String) -> [Entry] {
    recorded.withLockedValue { $0 }.filter { $0.metadata["requestID"] == requestID }
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
      recorder.recorded.withLockedValue { $0.append(entry) }
    }
  }
}
