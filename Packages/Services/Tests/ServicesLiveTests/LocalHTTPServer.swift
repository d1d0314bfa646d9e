import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  let port: UInt16
  private let socket: Int32
  private let handler: Handler

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
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    socket = fd
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [handler] in handler.serve(fd) }
    thread.start()
  }

  deinit {
    handler.stop()
    // Wakes the accept loop, which closes the socket (see serve(_:)).
    shutdown(socket, Int32(SHUT_RDWR))
  }

  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
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

/// Serves connections on the thread the server starts; it does not keep the server alive, so releasing the
/// server closes its socket and ends the thread.
private final class Handler: Sendable {
  let routes: [String: Data]
  let declaredLengths: [String: Int]
  let redirects: [String: String]
  /// Nil for a server that knows nothing of ranges.
  let ranges: RangeBehaviour?
  let requests = Mutex<[RecordedRequest]>([])
  private let faults: Mutex<[String: (fault: HTTPFault, count: Int)]>
  private let stopped = Mutex(false)

  init(
    routes: [String: Data], declaredLengths: [String: Int] = [:], redirects: [String: String] = [:],
    faults: [String: (fault: HTTPFault, count: Int)] = [:], ranges: RangeBehaviour? = nil
  ) {
    self.routes = routes
    self.declaredLengths = declaredLengths
    self.redirects = redirects
    self.faults = Mutex(faults)
    self.ranges = ranges
  }

  func serve(_ socket: Int32) {
    while true {
      let client = accept(socket, nil, nil)
      guard client >= 0 else {
        // Only this loop closes the listening socket: closed elsewhere, its number could be reused by another
        // test's socket before the loop is back in accept, which would then take that socket's connections.
        close(socket)
        return
      }
      Thread { [self] in
        handle(client)
        close(client)
      }.start()
    }
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

  private func handle(_ client: Int32) {
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.ends(with: Array("\r\n\r\n".utf8)) {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      request.append(contentsOf: buffer[0..<count])
    }
    let lines = String(decoding: request, as: UTF8.self).split(separator: "\r\n")
    let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    let recorded = RecordedRequest(
      path: path, range: Self.header("Range", in: lines), ifRange: Self.header("If-Range", in: lines))
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
    _ client: Int32, _ request: RecordedRequest, body first: Data, isFirstRequest: Bool, ranges: RangeBehaviour
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

  /// A header's value in a request's lines, its name compared without case.
  private static func header(_ name: String, in lines: [Substring]) -> String? {
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private func send(_ client: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { return }
      offset += sent
    }
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
