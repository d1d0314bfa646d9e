import CatalogAPI
import Foundation
import HumbleServer
import HumbleSupportTesting
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

/// Clients that hold connections, trickle their heads, never read their answers or ask too fast.
///
/// Each runs against a real server on loopback. The server's own timeouts are what is tested, so they are short (200 ms); each test waits
/// for the signal (the connection's close, the server's connection count), bounded so that a server that never
/// gives it fails the test.
@Suite(.timeLimit(.minutes(5))) struct HostileClientTests {
  /// How many idle connections the connection-limit test opens: `HUMBLE_IDLE_CONNECTIONS` (CI's hostile-load step:
  /// the issue's 5,000, in a test process of its own), else 600; fewer when the open-file limit cannot hold both
  /// ends of each.
  ///
  /// 5,000 took 4-8 s alone on a 2-core VM. Not in the whole suite's run: Foundation's `Process.run` crashed (a bad
  /// memcpy) when another test started a process while thousands of descriptors were open in the test process.
  static let idleConnections = ProcessInfo.processInfo.environment["HUMBLE_IDLE_CONNECTIONS"].flatMap(Int.init) ?? 600
  static let shortTimeout: Duration = .milliseconds(200)
  /// An idle timeout for tests whose client sends a request first.
  ///
  /// The server's clock starts at its accept, so a client stalled longer than the timeout between its connect and
  /// its first write would be closed before it asks. Seen with 200 ms in a loaded run under Thread Sanitizer, and with 2 s in a fresh-clone CI run, where the
  /// loaded test process (the server's event loops are the client's) answered these tests in minutes.
  static let idleTimeoutBeforeTheFirstRequest: Duration = .seconds(20)
  /// The issue's bound on the normal client's answer, 1 s; 10 s under Thread Sanitizer (its CI step sets
  /// `TSAN_OPTIONS`), which slows every step of a request several times over on a loaded machine.
  static let answerBound: Duration = ThreadSanitizer.choose(.seconds(1), sanitized: .seconds(10))
  static let patience: Duration = .seconds(120)

  @Test func idleConnectionsPastTheLimitMakeRoomAndANormalClientIsAnsweredWithinASecond() async throws {
    let limit = 64
    let files = try raiseOpenFileLimit(to: 2 * Self.idleConnections + 1_024)
    let count = max(min(Self.idleConnections, (files - 1_024) / 2), limit * 2)
    let configure: (inout HumbleServer.Configuration) -> Void = { $0.maximumConnections = limit }
    try await TestServer.with(configure: configure) { server in
      let closed = NIOLockedValueBox(0)
      let (closes, closing) = AsyncStream<Int>.makeStream()
      var channels: [any Channel] = []
      let started = ContinuousClock.now
      // One after another, to an address (no name to resolve): a hundred connects at a time by host name stalled a
      // whole fresh-clone test run once.
      let address = try SocketAddress(ipAddress: "127.0.0.1", port: server.server.url.port ?? 0)
      for _ in 0..<count {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
          .connectTimeout(.seconds(120))
          .connect(to: address).get()
        channel.closeFuture.whenComplete { _ in
          closing.yield(
            closed.withLockedValue { count in
              count += 1
              return count
            })
        }
        channels.append(channel)
      }
      defer { for channel in channels { channel.close(promise: nil) } }
      // Every connection past the limit makes the server close one that waits for a request.
      let shed = count - limit
      try await within(Self.patience, "\(shed) idle connections closed by the server") {
        for await closedCount in closes where closedCount >= shed { return }
      }
      let opened = ContinuousClock.now - started
      // The client sees a connection closed before the server has counted it gone: wait for the server's count.
      try await within(Self.patience, "the server's count of open connections back to \(limit)") {
        await server.server.waitUntilOpenConnections(atMost: limit)
      }
      #expect(server.server.openConnectionCount <= limit)
      let clock = ContinuousClock()
      var response: HTTPTestResponse?
      let answered = try await clock.measure {
        response = try await server.send(.GET, CatalogAPI.Path.artists)
      }
      #expect(response?.status == 200)
      #expect(
        answered < Self.answerBound, "\(count) idle connections (opened in \(opened)); answered in \(answered)")
    }
  }

  @Test func aConnectionThatSendsNoRequestIsClosedAfterTheIdleTimeoutAndTheLogCountsIt() async throws {
    let configure: (inout HumbleServer.Configuration) -> Void = { $0.idleTimeout = Self.shortTimeout }
    let log = LogRecorder()
    // The count is logged at the next keep-alive tick after the close.
    try await TestServer.with(
      keepAliveInterval: .milliseconds(100), logger: log.logger(level: .info), configure: configure
    ) { server in
      let connection = try await RawTestConnection.open(server.server.url)
      let read = try await within(Self.patience, "the idle connection's close") {
        try await connection.run { inbound, _ in try await inbound.readToEnd() }
      }
      #expect(read.bytes == 0)
      // Bounded by the suite's time limit.
      let counted = await log.firstEntry { $0.message == "connections closed by the server's limits" }
      #expect(counted.metadata == ["idleTimeout": "1"])
    }
  }

  @Test func aKeptAliveConnectionIsClosedAfterTheIdleTimeoutOnceAnswered() async throws {
    let configure: (inout HumbleServer.Configuration) -> Void = {
      $0.idleTimeout = Self.idleTimeoutBeforeTheFirstRequest
    }
    try await TestServer.with(configure: configure) { server in
      let connection = try await RawTestConnection.open(server.server.url)
      let read = try await within(Self.patience, "the kept-alive connection's close") {
        try await connection.run { inbound, outbound in
          try await outbound.write(ByteBuffer(string: "GET \(CatalogAPI.Path.artists) HTTP/1.1\r\nHost: a\r\n\r\n"))
          return try await inbound.readToEnd()
        }
      }
      #expect(read.text.hasPrefix("HTTP/1.1 200"))
    }
  }

  @Test func aClientSendingItsHeadOneByteAtATimeIsCutByTheHeaderTimeout() async throws {
    let configure: (inout HumbleServer.Configuration) -> Void = { $0.headerTimeout = Self.shortTimeout }
    try await TestServer.with(configure: configure) { server in
      let connection = try await RawTestConnection.open(server.server.url)
      let read = try await within(Self.patience, "the slow client's close") {
        try await connection.run { inbound, outbound in
          try await outbound.write(ByteBuffer(string: "GET \(CatalogAPI.Path.artists) HTTP/1.1\r\nHost: a\r\n"))
          // The client's pace, not a wait for the server: a byte every 50 ms, more bytes than the test needs
          // (about 4 before the cut), until the server closes the connection.
          let trickling = Task {
            for character in String(repeating: "X-Slow: byte-by-byte\r\n", count: 100) {
              try await Task.sleep(for: .milliseconds(50))
              try await outbound.write(ByteBuffer(string: String(character)))
            }
          }
          defer { trickling.cancel() }
          return try await inbound.readToEnd()
        }
      }
      #expect(read.bytes == 0, "\(read.text)")
      let normal = try await server.send(.GET, CatalogAPI.Path.artists)
      #expect(normal.status == 200)
    }
  }

  @Test func aClientThatNeverReadsALargeAnswerIsCutByTheWriteTimeout() async throws {
    let configure: (inout HumbleServer.Configuration) -> Void = { $0.writeTimeout = Self.shortTimeout }
    try await TestServer.with(configure: configure) { server in
      // Far larger than what the sockets' buffers hold (the client's receive buffer is fixed at 64 KB, the
      // server's send buffer grows to 4 MB here), so the server's writes stop moving. A receive buffer left to the
      // kernel grew enough, once, to take the whole of a 48 MB answer.
      let size = 24 * 1024 * 1024
      try Data(count: size).write(to: server.files.appendingPathComponent("solo-1.wav"))
      let connection = try await RawTestConnection.open(server.server.url, receiveBuffer: 65_536)
      let read = try await connection.run { inbound, outbound in
        try await outbound.write(
          ByteBuffer(string: "GET \(CatalogAPI.Path.stream(ofTrack: "solo-1")) HTTP/1.1\r\nHost: a\r\n\r\n"))
        // The answer is not read until the server has closed the connection (and freed what it held for it).
        // First the server must have taken the connection: a connect completes before the server accepts, and
        // "no connection open" was once true too early, so the whole answer was read.
        try await within(Self.patience, "the server's accepting the connection") {
          await server.server.waitUntilOpenConnections(atLeast: 1)
        }
        try await within(Self.patience, "the server's close of the connection that does not read") {
          await server.server.waitUntilOpenConnections(atMost: 0)
        }
        return try await inbound.readToEnd()
      }
      #expect(read.text.hasPrefix("HTTP/1.1 200"))
      #expect(read.bytes < size)
    }
  }

  @Test func aFavouritesFeedWhoseClientReadsOutlivesTheIdleAndWriteTimeouts() async throws {
    let configure: (inout HumbleServer.Configuration) -> Void = {
      $0.idleTimeout = Self.idleTimeoutBeforeTheFirstRequest
      $0.writeTimeout = Self.idleTimeoutBeforeTheFirstRequest
      $0.headerTimeout = Self.idleTimeoutBeforeTheFirstRequest
    }
    try await TestServer.with(keepAliveInterval: .seconds(25), configure: configure) { server in
      let feed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      defer { feed.close() }
      #expect(feed.status == 200)
      // A keep-alive 25 s on: the connection is quiet longer than each timeout.
      let keepAlive = try await feed.nextLine { $0.hasPrefix(":") }
      #expect(keepAlive != nil)
      #expect(server.server.openFeedCount == 1)
    }
  }

  @Test func aBurstPastTheRateLimitIs429WithRetryAfterThenServedAgain() async throws {
    let clock = TestClock()
    let configure: (inout HumbleServer.Configuration) -> Void = {
      $0.rateLimit = HumbleServer.RateLimit(requestsPerSecond: 2, burst: 3, now: { clock.now })
    }
    try await TestServer.with(configure: configure) { server in
      for _ in 0..<3 {
        #expect(try await server.send(.GET, CatalogAPI.Path.artists).status == 200)
      }
      let (problem, response) = try await server.problem(.GET, CatalogAPI.Path.artists, status: 429)
      #expect(response.header("Retry-After") == "1")
      #expect(problem.detail == "Too many requests: a client may make 2 a second, 3 at once; try again in 1 s.")
      // A token has a bucket of its own.
      #expect(try await server.send(.GET, CatalogAPI.Path.favourites, token: server.adaToken).status == 200)
      clock.advance(by: .milliseconds(500))
      #expect(try await server.send(.GET, CatalogAPI.Path.artists).status == 200)
      try await server.problem(.GET, CatalogAPI.Path.artists, status: 429)
      clock.advance(by: .seconds(1))
      #expect(try await server.send(.GET, CatalogAPI.Path.artists).status == 200)
    }
  }

  @Test func madeUpTokensDrawFromTheirAddresssBucketNotOneEach() async throws {
    let clock = TestClock()
    let configure: (inout HumbleServer.Configuration) -> Void = {
      $0.rateLimit = HumbleServer.RateLimit(requestsPerSecond: 2, burst: 3, now: { clock.now })
    }
    try await TestServer.with(configure: configure) { server in
      // A fresh token per request: before, each had a bucket of its own and nothing was ever refused.
      for index in 0..<3 {
        #expect(try await server.send(.GET, CatalogAPI.Path.artists, token: "made-up-\(index)").status == 200)
      }
      try await server.problem(.GET, CatalogAPI.Path.artists, status: 429, token: "made-up-3")
      // A user's token still has its own.
      #expect(try await server.send(.GET, CatalogAPI.Path.artists, token: server.adaToken).status == 200)
    }
  }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
  private let time = NIOLockedValueBox(Duration.zero)

  var now: Duration { time.withLockedValue { $0 } }

  func advance(by duration: Duration) { time.withLockedValue { $0 += duration } }
}
