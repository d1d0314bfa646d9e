import Foundation
import HumbleSupport
import HumbleSupportTesting

/// A fault the server injects into requests for a path, once per request, as many times as asked.
enum HTTPFault: Sendable {
  /// Accepts the request and sends nothing at all.
  case silence
  /// Sends the head (announcing the whole body) and this many bytes of the body, then nothing more.
  case stall(afterBytes: Int)
  /// Sends the body in chunks (no length announced), this many bytes of it, then closes the connection
  /// without the last chunk.
  case disconnect(afterBytes: Int)
  /// Announces the response's length, sends this many bytes of its body, then closes the connection.
  case cut(afterBytes: Int)
}

/// How a server built with ``LocalHTTPServer/init(rangedRoutes:faults:ranges:)`` answers `Range` requests.
struct RangeBehaviour: Sendable {
  /// Answers every request 200 with the whole body, though it announces `Accept-Ranges: bytes`.
  var ignoresRange = false
  /// Bodies a path serves from its second request on, as if the file had been replaced.
  var replacements: [String: Data] = [:]
  /// Whether a replaced body keeps the first one's ETag (a server that misreports changes).
  var replacementKeepsETag = false
}

/// One request the server received: its path and the headers a resume sends.
struct RecordedRequest: Equatable, Sendable {
  var path: String
  var range: String? = nil
  var ifRange: String? = nil
}

/// A tiny HTTP/1.1 server on 127.0.0.1 for download tests: it answers GET requests for the paths it was
/// given with their bytes, and 404 for anything else, each connection on a thread of its own.
final class LocalHTTPServer: Sendable {
  private let server: LoopbackHTTPServer
  private let handler: Handler

  /// The port it listens on.
  var port: UInt16 { server.port }

  /// Serves `routes`; a path in `declaredLengths` announces that many bytes but sends only its data, then
  /// closes the connection (a truncated body).
  convenience init(
    routes: [String: Data], declaredLengths: [String: Int] = [:], redirects: [String: String] = [:]
  ) throws {
    try self.init(handler: Handler(routes: routes, declaredLengths: declaredLengths, redirects: redirects))
  }

  /// Serves `routes`; the first `count` requests for a path in `faults` meet its fault, later ones are
  /// answered normally (the fault clears).
  convenience init(routes: [String: Data], faults: [String: (fault: HTTPFault, count: Int)]) throws {
    try self.init(handler: Handler(routes: routes, faults: faults))
  }

  /// Serves `routes` honouring single byte ranges (206 with `Content-Range`, 416 past the end, `If-Range`
  /// against a strong ETag), announcing `Accept-Ranges: bytes`; the first `count` requests for a path in
  /// `faults` meet its fault after the range is applied.
  convenience init(
    rangedRoutes routes: [String: Data], faults: [String: (fault: HTTPFault, count: Int)] = [:],
    ranges: RangeBehaviour = RangeBehaviour()
  ) throws {
    try self.init(handler: Handler(routes: routes, faults: faults, ranges: ranges))
  }

  private init(handler: Handler) throws {
    self.handler = handler
    server = try LoopbackHTTPServer { [handler] request, connection in handler.handle(request, connection) }
  }

  deinit {
    handler.stop()
  }

  func url(_ path: String) -> URL {
    server.url(path)
  }

  /// The paths requested so far.
  var requestedPaths: [String] {
    handler.requests.withLock { $0.map(\.path) }
  }

  /// The requests received so far, with their `Range` and `If-Range` headers.
  var requests: [RecordedRequest] {
    handler.requests.withLock { $0 }
  }
}

/// Answers each request on the thread the loopback server gives it; it does not keep the server alive, so
/// releasing the server closes its socket.
private final class Handler: Sendable {
  let routes: [String: Data]
  let declaredLengths: [String: Int]
  let redirects: [String: String]
  /// Nil for a server that knows nothing of ranges.
  let ranges: RangeBehaviour?
  let requests = Locked<[RecordedRequest]>([])
  private let faults: Locked<[String: (fault: HTTPFault, count: Int)]>
  private let stopped = Locked(false)

  init(
    routes: [String: Data], declaredLengths: [String: Int] = [:], redirects: [String: String] = [:],
    faults: [String: (fault: HTTPFault, count: Int)] = [:], ranges: RangeBehaviour? = nil
  ) {
    self.routes = routes
    self.declaredLengths = declaredLengths
    self.redirects = redirects
    self.faults = Locked(faults)
    self.ranges = ranges
  }

  /// Ends stalls: their connections close.
  func stop() {
    stopped.withLock { $0 = true }
  }

  /// Keeps a connection silent until the server is released (or 30 seconds pass).
  private func stall() {
    for _ in 0..<3000 {
      if stopped.withLock({ $0 }) { return }
      usleep(10_000)
    }
  }

  private func takeFault(for path: String) -> HTTPFault? {
    faults.withLock { faults in
      guard let entry = faults[path], entry.count > 0 else { return nil }
      faults[path]?.count -= 1
      return entry.fault
    }
  }

  func handle(_ request: LoopbackRequest, _ client: LoopbackConnection) {
    let path = request.path
    let recorded = RecordedRequest(path: path, range: request.headers["range"], ifRange: request.headers["if-range"])
    let earlier = requests.withLock { requests in
      defer { requests.append(recorded) }
      return requests.filter { $0.path == path }.count
    }
    if let ranges, let body = routes[path] {
      serveRanged(client, recorded, body: body, isFirstRequest: earlier == 0, ranges: ranges)
      return
    }
    if let location = redirects[path] {
      send(
        client,
        Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
      return
    }
    let body = routes[path]
    if let body, let fault = takeFault(for: path) {
      switch fault {
      case .silence:
        stall()
      case .stall(let count):
        send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: audio/wav\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
        send(client, Array(body.prefix(count)))
        stall()
      case .cut(let count):
        send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: audio/wav\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
        send(client, Array(body.prefix(count)))
      case .disconnect(let count):
        send(client, Array("HTTP/1.1 200 OK\r\nContent-Type: audio/wav\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        send(client, Array("\(String(count, radix: 16))\r\n".utf8) + Array(body.prefix(count)) + Array("\r\n".utf8))
      }
      return
    }
    let head =
      body == nil
      ? "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
      : "HTTP/1.1 200 OK\r\nContent-Type: audio/wav\r\nContent-Length: \(declaredLengths[path] ?? body!.count)\r\n"
        + "Connection: close\r\n\r\n"
    send(client, Array(head.utf8))
    if let body { send(client, Array(body)) }
  }

  /// Answers a request for a path served with ranges.
  private func serveRanged(
    _ client: LoopbackConnection, _ request: RecordedRequest, body first: Data, isFirstRequest: Bool,
    ranges: RangeBehaviour
  ) {
    let replacement = isFirstRequest ? nil : ranges.replacements[request.path]
    let body = replacement ?? first
    let eTag = replacement == nil || ranges.replacementKeepsETag ? "\"v1\"" : "\"v2\""
    var status = "200 OK"
    var slice = body
    var contentRange = ""
    let validatorMatches = request.ifRange == nil || request.ifRange == eTag
    if !ranges.ignoresRange, validatorMatches, let requested = request.range.flatMap(RequestedRange.init) {
      guard let bounds = requested.bounds(in: body.count) else {
        send(
          client,
          Array(
            ("HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(body.count)\r\nContent-Length: 0\r\n"
              + "Connection: close\r\n\r\n").utf8))
        return
      }
      status = "206 Partial Content"
      slice = body.subdata(in: bounds)
      contentRange = "Content-Range: bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(body.count)\r\n"
    }
    let fault = takeFault(for: request.path)
    if case .silence = fault {
      stall()
      return
    }
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: audio/wav\r\nAccept-Ranges: bytes\r\nETag: \(eTag)\r\n\(contentRange)"
      + "Content-Length: \(slice.count)\r\nConnection: close\r\n\r\n"
    send(client, Array(head.utf8))
    switch fault {
    case .cut(let count), .disconnect(let count):
      send(client, Array(slice.prefix(count)))
    case .stall(let count):
      send(client, Array(slice.prefix(count)))
      stall()
    case .silence, nil:
      send(client, Array(slice))
    }
  }

  private func send(_ client: LoopbackConnection, _ bytes: [UInt8]) {
    client.send(bytes)
  }
}
