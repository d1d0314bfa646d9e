import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for download tests: it answers GET requests for the paths it was
/// given with their bytes, and 404 for anything else, one connection at a time.
final class LocalHTTPServer: Sendable {
  let port: UInt16
  private let socket: Int32
  private let handler: Handler

  /// Serves `routes`; a path in `declaredLengths` announces that many bytes but sends only its data, then
  /// closes the connection (a truncated body).
  init(routes: [String: Data], declaredLengths: [String: Int] = [:], redirects: [String: String] = [:]) throws {
    handler = Handler(routes: routes, declaredLengths: declaredLengths, redirects: redirects)
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

  init(routes: [String: Data], declaredLengths: [String: Int], redirects: [String: String]) {
    self.routes = routes
    self.declaredLengths = declaredLengths
    self.redirects = redirects
  }

  func serve(_ socket: Int32) {
    while true {
      let client = accept(socket, nil, nil)
      guard client >= 0 else { return }
      handle(client)
      close(client)
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
