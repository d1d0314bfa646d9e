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
    try self.init(handler: Handler(routes: routes, declaredLengths: declaredLengths, redirects: redirects, faults: [:]))
  }

  /// Serves `routes`; the first `count` requests for a path in `faults` meet its fault, later ones are
  /// answered normally (the fault clears).
  convenience init(routes: [String: Data], faults: [String: (fault: HTTPFault, count: Int)]) throws {
    try self.init(handler: Handler(routes: routes, declaredLengths: [:], redirects: [:], faults: faults))
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
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// The paths requested so far.
  var requestedPaths: [String] {
    handler.requests.withLock { $0 }
  }
}

/// Serves connections on the thread the server starts; it does not keep the server alive, so releasing the
/// server closes its socket and ends the thread.
private final class Handler: Sendable {
  let routes: [String: Data]
  let declaredLengths: [String: Int]
  let redirects: [String: String]
  let requests = Mutex<[String]>([])
  private let faults: Mutex<[String: (fault: HTTPFault, count: Int)]>
  private let stopped = Mutex(false)

  init(
    routes: [String: Data], declaredLengths: [String: Int], redirects: [String: String],
    faults: [String: (fault: HTTPFault, count: Int)]
  ) {
    self.routes = routes
    self.declaredLengths = declaredLengths
    self.redirects = redirects
    self.faults = Mutex(faults)
  }

  func serve(_ socket: Int32) {
    while true {
      let client = accept(socket, nil, nil)
      guard client >= 0 else { return }
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
    let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    requests.withLock { $0.append(path) }
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
