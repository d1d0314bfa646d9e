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
struct ServerSentEventParser {
  private var line: [UInt8] = []
  private var lastWasCarriageReturn = false
  private var type = ""
  private var id: String?
  private var data: [String] = []
  private var hasData = false

  /// The events completed by `chunk`.
  mutating func parse(_ chunk: Data) -> [ServerSentEvent] {
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
      type = ""
      data = []
      hasData = false
    }
    guard hasData else { return nil }
    return ServerSentEvent(type: type.isEmpty ? "message" : type, id: id, data: data.joined(separator: "\n"))
  }
}
