import Foundation

/// One server-sent event: its type (`message` when unnamed), its ID and its data.
struct ServerSentEvent: Hashable, Sendable {
  var type: String
  var id: String?
  var data: String
}

/// Reads a `text/event-stream` body chunk by chunk, as the HTML standard describes it: lines end with
/// LF, CR or CRLF (even split across chunks), a blank line ends an event, a line starting with `:` is a
/// comment (the server's keep-alive).
///
/// An event may hold at most `maximumEventBytes` (its field lines, and any one line, a comment too): a stream
/// that grows one past it fails with ``EventTooLarge`` instead of growing the client's memory without end.
struct ServerSentEventParser {
  /// A line or event grew past the limit.
  struct EventTooLarge: Error, Equatable {
    let limit: Int
  }

  let maximumEventBytes: Int
  private var line: [UInt8] = []
  /// The bytes of the field lines of the event being read.
  private var eventBytes = 0
  private var lastWasCarriageReturn = false
  private var type = ""
  private var id: String?
  private var data: [String] = []
  private var hasData = false

  /// A parser of events of at most `maximumEventBytes` bytes.
  init(maximumEventBytes: Int = RemoteConfiguration.defaultMaximumEventBytes) {
    self.maximumEventBytes = maximumEventBytes
  }

  /// The events completed by `chunk`.
  mutating func parse(_ chunk: Data) throws(EventTooLarge) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for byte in chunk {
      if byte == UInt8(ascii: "\n"), lastWasCarriageReturn {
        lastWasCarriageReturn = false
        continue
      }
      lastWasCarriageReturn = byte == UInt8(ascii: "\r")
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if let event = endLine() { events.append(event) }
      } else {
        guard eventBytes + line.count < maximumEventBytes else { throw EventTooLarge(limit: maximumEventBytes) }
        line.append(byte)
      }
    }
    return events
  }

  private mutating func endLine() -> ServerSentEvent? {
    defer { line = [] }
    guard !line.isEmpty else { return dispatch() }
    let text = String(decoding: line, as: UTF8.self)
    if text.hasPrefix(":") { return nil }
    eventBytes += line.count + 1
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.hasPrefix(" ") { value = value.dropFirst() }
    } else {
      field = text[...]
      value = ""
    }
    switch field {
    case "event": type = String(value)
    case "data":
      data.append(String(value))
      hasData = true
    case "id": id = String(value)
    default: break
    }
    return nil
  }

  private mutating func dispatch() -> ServerSentEvent? {
    defer {
      eventBytes = 0
      type = ""
      data = []
      hasData = false
    }
    guard hasData else { return nil }
    return ServerSentEvent(type: type.isEmpty ? "message" : type, id: id, data: data.joined(separator: "\n"))
  }
}
