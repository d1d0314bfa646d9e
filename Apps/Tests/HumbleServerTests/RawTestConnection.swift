import Foundation
import NIOCore
import NIOPosix
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback connection that sends exactly the bytes a test writes and reads only when the test asks: the tool
/// of a hostile client (one that trickles its head, never reads its answer, or sends nothing at all).
struct RawTestConnection: Sendable {
  let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

  /// Connects to a server; `receiveBuffer` fixes the socket's receive buffer (in bytes) instead of letting the
  /// kernel grow it (to 32 MB on this VM's loopback), for a test that needs the server's writes to stop.
  static func open(_ url: URL, receiveBuffer: Int? = nil) async throws -> RawTestConnection {
    var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    if let receiveBuffer {
      bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
    }
    let channel =
      try await bootstrap
      .connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    return RawTestConnection(channel: channel)
  }

  /// Runs `body` with the connection's bytes in and out, then closes it.
  func run<T: Sendable>(
    _ body: (NIOAsyncChannelInboundStream<ByteBuffer>, NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> T
  ) async throws -> T {
    try await channel.executeThenClose { inbound, outbound in try await body(inbound, outbound) }
  }
}

extension NIOAsyncChannelInboundStream<ByteBuffer> {
  /// Reads until the server closes the connection: how many bytes came, and the text of the first few KB.
  func readToEnd() async throws -> (bytes: Int, text: String) {
    var bytes = 0
    var text = ""
    do {
      for try await buffer in self {
        bytes += buffer.readableBytes
        if text.utf8.count < 4096 { text += String(buffer: buffer) }
      }
    } catch let error as IOError where error.errnoCode == ECONNRESET {
      // A server that closes a connection with bytes unread resets it: an end all the same.
    }
    return (bytes, text)
  }
}

/// Raises this process's soft limit on open files to its hard limit (or `count`, if less), so that a test can
/// hold `count` connections and the server in the same process the other end of each; answers the limit now.
@discardableResult
func raiseOpenFileLimit(to count: Int) throws -> Int {
  var limit = rlimit()
  #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    let resource = RLIMIT_NOFILE
  #endif
  guard getrlimit(resource, &limit) == 0 else { throw POSIXError(.EPERM) }
  let wanted = rlim_t(count)
  if limit.rlim_cur < wanted {
    limit.rlim_cur = min(wanted, limit.rlim_max)
    guard setrlimit(resource, &limit) == 0 else { throw POSIXError(.EPERM) }
  }
  return Int(clamping: limit.rlim_cur)
}

/// The result of `body`, or an issue naming `what` did not happen within `limit` (a bound on a wait for a
/// signal, so that a server that never gives it fails the test rather than hanging it).
func within<T: Sendable>(
  _ limit: Duration, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      Issue.record("\(what) did not happen within \(limit)", sourceLocation: sourceLocation)
      throw DeadlineError()
    }
    return value
  }
}

/// A wait bounded by ``within(_:_:sourceLocation:_:)`` ran out.
struct DeadlineError: Error {}
