import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP relay on a loopback port in front of a real server that cuts chosen connections part-way through the
/// server's answer, as a dropped Wi-Fi or a restarted load balancer would.
///
/// Each connection it accepts is numbered from 0; `cut(connection)` says after how many bytes of the server's
/// answer (headers included) that connection is closed, or nil to relay it whole. It records the request head
/// of every connection, so a test can see what the client asked for after a cut.
final class CuttingProxy: Sendable {
  /// What one relayed connection asked for and how it ended.
  struct Connection: Sendable, Equatable {
    /// The request's head as the client sent it, lines without their CRLF.
    var requestHead: [String]
    /// Bytes of the server's answer that reached the client.
    var relayedBytes: Int
    /// Whether the relay closed the connection on purpose.
    var wasCut: Bool

    /// The value of a request header, by case-insensitive name.
    func header(_ name: String) -> String? {
      for line in requestHead.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        if line[..<colon].lowercased() == name.lowercased() {
          return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      }
      return nil
    }
  }

  private let listener: Int32
  let port: UInt16
  private let connections = Record()

  init(upstreamPort: UInt16, cut: @escaping @Sendable (_ connection: Int) -> Int?) throws {
    let (listener, port) = try Self.listen()
    self.listener = listener
    self.port = port
    let connections = connections
    Thread {
      var number = 0
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          close(listener)
          return
        }
        let index = connections.withLock { list in
          list.append(Connection(requestHead: [], relayedBytes: 0, wasCut: false))
          return list.count - 1
        }
        let budget = cut(number)
        number += 1
        Thread {
          Self.relay(client, to: upstreamPort, cuttingAfter: budget) { update in
            connections.withLock { update(&$0[index]) }
          }
        }.start()
      }
    }.start()
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  /// Every connection so far, in the order they were accepted.
  var relayed: [Connection] { connections.withLock { $0 } }

  /// `url` with its host and port replaced by the relay's.
  func relaying(_ url: URL) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.host = "127.0.0.1"
    components?.port = Int(port)
    return components?.url ?? url
  }

  /// The connections' records, behind a lock (pthread-based, which the thread sanitizer follows).
  private final class Record: @unchecked Sendable {
    private let lock = NSLock()
    private var connections: [Connection] = []

    func withLock<T>(_ body: (inout [Connection]) -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body(&connections)
    }
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return address
  }

  private static func listen() throws -> (Int32, UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EMFILE) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && Glibc.listen(socket, 16) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard listening else {
      close(socket)
      throw POSIXError(.EADDRINUSE)
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  /// Relays one connection both ways until either side closes or `budget` bytes of the answer have gone through.
  private static func relay(
    _ client: Int32, to upstreamPort: UInt16, cuttingAfter budget: Int?,
    record: (_ update: (inout Connection) -> Void) -> Void
  ) {
    let upstream = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer {
      close(client)
      if upstream >= 0 { close(upstream) }
    }
    var address = loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard upstream >= 0, connected else { return }
    var request = [UInt8]()
    var answered = 0
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var sockets = [
      pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&sockets, 2, -1) > 0 {
      if sockets[0].revents != 0 {
        let count = recv(client, &buffer, buffer.count, 0)
        guard count > 0, send(upstream, buffer, count, Int32(MSG_NOSIGNAL)) == count else { return }
        if request.count < 8_192 {
          request += buffer[..<count]
          if let head = String(bytes: request, encoding: .utf8)?.components(separatedBy: "\r\n\r\n").first {
            record { $0.requestHead = head.components(separatedBy: "\r\n") }
          }
        }
      }
      if sockets[1].revents != 0 {
        var count = recv(upstream, &buffer, buffer.count, 0)
        guard count > 0 else { return }
        var cuts = false
        if let budget, answered + count >= budget {
          count = budget - answered
          cuts = true
        }
        guard count == 0 || send(client, buffer, count, Int32(MSG_NOSIGNAL)) == count else { return }
        answered += count
        record {
          $0.relayedBytes = answered
          $0.wasCut = cuts
        }
        if cuts {
          // A reset, not an orderly close: the client sees the connection drop mid-body.
          var hard = linger(l_onoff: 1, l_linger: 0)
          setsockopt(client, SOL_SOCKET, SO_LINGER, &hard, socklen_t(MemoryLayout<linger>.size))
          return
        }
      }
    }
  }
}
