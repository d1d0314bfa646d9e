import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let sendBytes = Glibc.send
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let sendBytes = Darwin.send
  private let streamSocket = SOCK_STREAM
#endif

private let noSignal: Int32 = {
  #if canImport(Glibc)
    Int32(MSG_NOSIGNAL)
  #else
    0
  #endif
}()

private func makeSocket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 {
  #if canImport(Glibc)
    Glibc.socket(domain, type, proto)
  #else
    Darwin.socket(domain, type, proto)
  #endif
}

/// A request as the loopback server read it: method, path, percent-decoded path segments, query, headers and body.
public struct LoopbackRequest: Sendable {
  /// The method, such as `GET`.
  public var method: String
  /// The path as sent (still percent-encoded), without the query.
  public var path: String
  /// The path's segments, percent-decoded.
  public var segments: [String]
  /// The query's parameters, percent-decoded.
  public var query: [String: String]
  /// Header values by lowercased name.
  public var headers: [String: String]
  /// The body (as long as its Content-Length says), empty when there is none.
  public var body = Data()
}

/// One client connection of the loopback server: answers are written to it as raw HTTP/1.1, so a test can send
/// anything, a broken answer too.
public final class LoopbackConnection: Sendable {
  private let socket: Int32
  /// Which connection this is, counting from 1 in the order the server accepted them: two requests with the same
  /// number came on one connection.
  public let number: Int
  /// Whether the answer just written keeps the connection open for the client's next request.
  private let keptAlive = Mutex(false)

  init(socket: Int32, number: Int) {
    self.socket = socket
    self.number = number
  }

  /// Writes `bytes`; false once the client has gone.
  @discardableResult public func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { sendBytes(socket, $0.baseAddress, $0.count, noSignal) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Writes a whole answer, with `headers` besides its content type and length, and asks the client to close the
  /// connection; with `keepingAlive`, leaves it open instead, and the connection's next request reaches the handler
  /// too (an answer to `HEAD` kept alive needs an empty `body`: the client reads none, and its bytes would be
  /// taken for the next request).
  public func respond(
    status: Int, contentType: String?, headers: [(name: String, value: String)] = [], body: Data,
    keepingAlive: Bool = false
  ) {
    var head = "HTTP/1.1 \(status) \(Self.phrase(status))\r\n"
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    for header in headers { head += "\(header.name): \(header.value)\r\n" }
    head += "Content-Length: \(body.count)\r\n" + (keepingAlive ? "" : "Connection: close\r\n") + "\r\n"
    keptAlive.withLock { $0 = keepingAlive }
    send(Array(head.utf8) + Array(body))
  }

  /// Whether the last answer kept the connection open, reset for the next.
  func takeKeptAlive() -> Bool {
    keptAlive.withLock { keptAlive in
      defer { keptAlive = false }
      return keptAlive
    }
  }

  /// Waits, blocking its thread, until the client closes the connection or it is cut: a held-open answer such as
  /// an event stream lasts until then.
  public func waitUntilClosed() {
    var byte: UInt8 = 0
    while recv(socket, &byte, 1, 0) > 0 {}
  }

  /// Ends the connection in both directions, waking whoever reads or writes it.
  public func cut() {
    shutdown(socket, Int32(SHUT_RDWR))
  }

  private static func phrase(_ status: Int) -> String {
    [
      200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 500: "Internal Server Error",
      503: "Service Unavailable",
    ][status] ?? "Status"
  }
}

/// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for tests: it hands each request to `handler` on its
/// connection's own thread, then closes the connection (unless the answer kept it alive: then it reads the next request
/// on it); releasing the server closes its socket.
///
/// Raw sockets, not a server framework: a test decides every byte, so it can stall, cut or garble an answer.
public final class LoopbackHTTPServer: Sendable {
  /// The port it listens on.
  public let port: UInt16
  private let socket: Int32

  /// Starts listening; `handler` answers each request on the connection it came on.
  public init(handler: @escaping @Sendable (LoopbackRequest, LoopbackConnection) -> Void) throws {
    let fd = makeSocket(AF_INET, streamSocket, 0)
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
    guard bound == 0, listen(fd, 32) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    socket = fd
    port = UInt16(bigEndian: address.sin_port)
    Thread {
      var accepted = 0
      while true {
        let client = accept(fd, nil, nil)
        guard client >= 0 else {
          // Only this thread closes the listening socket: closed elsewhere, its number could be reused by another
          // test's socket before this loop is back in accept, which would then take that socket's connections.
          close(fd)
          return
        }
        accepted += 1
        let connection = LoopbackConnection(socket: client, number: accepted)
        Thread {
          while let request = Self.read(client) {
            handler(request, connection)
            guard connection.takeKeptAlive() else { break }
          }
          close(client)
        }.start()
      }
    }.start()
  }

  /// The URL of `path` (with its query, if any) on this server.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  deinit {
    // Wakes the accept loop, which closes the socket.
    shutdown(socket, Int32(SHUT_RDWR))
  }

  /// The server's base URL.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// A port on 127.0.0.1 with nothing listening: bound, then closed at once.
  public static func closedPort() throws -> UInt16 {
    let fd = makeSocket(AF_INET, streamSocket, 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return UInt16(bigEndian: address.sin_port)
  }

  private static func read(_ client: Int32) -> LoopbackRequest? {
    var bytes = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    // The head ends at the first empty line; a body may arrive in the same reads.
    let terminator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while headEnd == nil {
      guard bytes.count < 65_536 else { return nil }
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      bytes.append(contentsOf: buffer[0..<count])
      headEnd = bytes.firstRange(of: terminator)?.upperBound
    }
    guard let headEnd else { return nil }
    let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
    let words = lines.first?.split(separator: " ") ?? []
    guard words.count >= 2 else { return nil }
    let target = String(words[1])
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0])
    var query: [String: String] = [:]
    for pair in parts.dropFirst().first?.split(separator: "&") ?? [] {
      let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode = { (text: Substring) in text.removingPercentEncoding ?? String(text) }
      query[decode(keyValue[0])] = keyValue.count > 1 ? decode(keyValue[1]) : ""
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let segments = path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
    let length = headers["content-length"].flatMap { Int($0) } ?? 0
    while bytes.count - headEnd < length {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return LoopbackRequest(
      method: String(words[0]), path: path, segments: segments, query: query, headers: headers,
      body: Data(bytes[headEnd..<headEnd + length]))
  }
}
