import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The catalog server: the API of `openapi.json` over a ``CatalogStore``.
///
/// ```swift
/// let server = try await HumbleServer.start(store: SQLiteCatalogStore(database: database))
/// // … requests to server.url …
/// try await server.shutdown()
/// ```
public enum HumbleServer {
  /// Where and how the server listens.
  public struct Configuration: Sendable {
    /// The address to bind.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// How often the favourites feed sends a comment to keep its connection open.
    public var keepAliveInterval: Duration
    /// Where request lines and server events are logged.
    public var logger: Logger
    /// How many events a favourites feed holds for a client that does not read them: 1,000 by default.
    ///
    /// A feed that falls further behind ends, and its client reconnects and reads the favourites again.
    public var feedQueueLimit: Int
    /// What every URL the server hands out (a track's stream URL, an artist's or a playlist's artwork) starts
    /// with; nil (the default) for the address it listens on.
    ///
    /// For example `https://music.example` behind a proxy. The request's Host header never reaches an answer.
    public var publicURL: URL?
    /// How many favourites feeds one user may hold open at once: 16 by default.
    ///
    /// A feed past it is refused with 429 and a `Retry-After` of one keep-alive interval, by when a feed whose
    /// client went away unnoticed has failed its keep-alive and closed.
    public var maximumFeedsPerUser: Int = 16
    /// The folder whose files the server streams; nil (the default) streams no files.
    ///
    /// A track's `file://` stream URL is served only when the file it names, every symbolic link resolved
    /// (the folder's own too), is a regular file inside this folder; any other is answered 404, and the log
    /// says why. Set it after `init`.
    public var streamFolder: URL?
    /// The folder the server keeps generated covers in (``CatalogAPI/ArtworkOwner``); nil (the default) keeps
    /// none, and generates a cover for each request of it.
    ///
    /// A cover is generated and written on its first request, never ahead: the folder is created (0700) then,
    /// each file written to a temporary file (0600) and renamed, so a reader sees a whole file or none. A file
    /// that is not a whole cover is generated again. Set it after `init`.
    public var artworkFolder: URL?
    /// The most connections open at once: 1,024 by default.
    ///
    /// At the limit, the connection that has waited longest for a request closes to make room for a new one, and
    /// a connection that finishes a request closes rather than waiting for another; a connection in a request is
    /// never closed to make room. When every connection is in a request, new ones wait in the listen backlog.
    public var maximumConnections: Int = 1_024
    /// How many connections the system holds for the server before it accepts them: 1,024 by default (the
    /// system may cap it: `net.core.somaxconn`).
    ///
    /// A burst larger than the backlog loses connection attempts, which the clients retry only after a second
    /// and more; Hummingbird's default of 256 lost some of a client's 500 connects made at once, for minutes.
    public var listenBacklog: Int = 1_024
    /// How long a client has to send a request's head (and its body), from its first byte: 10 s by default.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a connection may wait for a request without receiving a byte of one: 60 s by default (a new
    /// connection, or one kept alive after an answer).
    public var idleTimeout: Duration = .seconds(60)
    /// How long an answer may go without any of its bytes moving into the connection before the connection
    /// closes: 30 s by default.
    ///
    /// It cuts a client that does not read. A favourites feed whose client reads is never cut.
    public var writeTimeout: Duration = .seconds(30)
    /// The request rate each client may make, or nil (the default here) for none; `humble-server` serves with
    /// ``RateLimit/init(requestsPerSecond:burst:trackedClients:now:)``'s defaults unless told `--rate-limit off`.
    public var rateLimit: RateLimit?

    /// Creates a configuration; by default 127.0.0.1 on a free port, a keep-alive every 15 s, feeds that hold
    /// 1,000 unsent events.
    public init(
      host: String = "127.0.0.1", port: Int = 0, keepAliveInterval: Duration = .seconds(15),
      logger: Logger = Logger(label: "humble-server"), feedQueueLimit: Int = 1_000, publicURL: URL? = nil
    ) {
      self.host = host
      self.port = port
      self.keepAliveInterval = keepAliveInterval
      self.logger = logger
      self.feedQueueLimit = feedQueueLimit
      self.publicURL = publicURL
    }
  }

  /// A server started by ``start(store:configuration:)``.
  public struct RunningServer: Sendable {
    /// `http://HOST:PORT`, the address it serves on.
    public let url: URL
    /// The endpoints it answers.
    public let routes: ServerRoutes
    fileprivate let group: ServiceGroup
    fileprivate let running: Task<Void, any Error>
    fileprivate let feeds: FeedRegistry
    fileprivate let connections: ConnectionTable

    /// How many favourites feeds are open now.
    public var openFeedCount: Int {
      feeds.openCount
    }

    /// Returns once at most `count` favourites feeds are open: a feed whose client went away, that fell behind,
    /// or that the server ended leaves the count when it ends.
    public func waitUntilOpenFeeds(atMost count: Int) async {
      await feeds.waitUntilOpen(atMost: count)
    }

    /// Opens a favourites feed of `user` as the feed route does, for ``HumbleServerTestSupport``: its items wait
    /// in its bounded queue until read, as they do for a client that stops reading.
    package func openFeed(of user: ServerUser, token: String) throws(FeedLimitReached) -> AsyncStream<FeedItem> {
      try feeds.open(for: user, tokenHash: Tokens.hash(token)).0
    }

    /// Sends the keep-alives of one tick now, for ``HumbleServerTestSupport``.
    package func sendKeepAlives() {
      feeds.sendKeepAlives()
    }

    /// How many connections are open now.
    public var openConnectionCount: Int {
      connections.openCount
    }

    /// Returns once at most `count` connections are open.
    public func waitUntilOpenConnections(atMost count: Int) async {
      await connections.waitUntilOpenCount { $0 <= count }
    }

    /// Returns once at least `count` connections are open.
    public func waitUntilOpenConnections(atLeast count: Int) async {
      await connections.waitUntilOpenCount { $0 >= count }
    }

    /// Stops the server gracefully (feeds end, requests in flight finish) and waits until it has stopped.
    public func shutdown() async throws {
      await group.triggerGracefulShutdown()
      try await running.value
    }
  }

  /// Starts a server in this process and returns once it listens.
  public static func start(store: some CatalogStore, configuration: Configuration = Configuration()) async throws
    -> RunningServer
  {
    let listening = Listening()
    let (group, routes, feeds, connections) = makeServiceGroup(
      store: store, configuration: configuration, signals: [], onRunning: listening.resolve)
    let running = Task { try await group.run() }
    let url: URL
    do {
      url = try await listening.url(orFailureOf: running)
    } catch {
      await group.triggerGracefulShutdown()
      throw error
    }
    return RunningServer(
      url: url, routes: routes, group: group, running: running, feeds: feeds, connections: connections)
  }

  /// Runs a server until SIGTERM or SIGINT, then stops gracefully; `onRunning` gets its URL once it listens.
  public static func run(
    store: some CatalogStore, configuration: Configuration, onRunning: @escaping @Sendable (URL) -> Void
  ) async throws {
    let (group, _, _, _) = makeServiceGroup(
      store: store, configuration: configuration, signals: [.sigterm, .sigint], onRunning: onRunning)
    try await group.run()
  }

  private static func makeServiceGroup(
    store: some CatalogStore, configuration: Configuration, signals: [UnixSignal],
    onRunning: @escaping @Sendable (URL) -> Void
  ) -> (ServiceGroup, ServerRoutes, FeedRegistry, ConnectionTable) {
    let state = ServerState(
      store: store, keepAliveInterval: configuration.keepAliveInterval, feedQueueLimit: configuration.feedQueueLimit,
      maximumFeedsPerUser: configuration.maximumFeedsPerUser, publicURL: configuration.publicURL,
      streamFolder: configuration.streamFolder, artworkFolder: configuration.artworkFolder)
    let router = makeRouter(state: state, rateLimit: configuration.rateLimit)
    let host = configuration.host
    let connections = ConnectionTable(maximum: configuration.maximumConnections)
    let timeouts = ConnectionTimeouts(
      header: TimeAmount(configuration.headerTimeout), idle: TimeAmount(configuration.idleTimeout),
      write: TimeAmount(configuration.writeTimeout))
    let application = Application(
      router: router.router,
      server: HTTPServerBuilder { responder in
        GuardedHTTP1Channel(responder: responder, timeouts: timeouts, table: connections)
      },
      configuration: .init(
        address: .hostname(host, port: configuration.port), serverName: "humble-server",
        backlog: configuration.listenBacklog,
        availableConnectionsDelegate: ConnectionLimit(table: connections)),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? configuration.port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        state.address = "http://\(shownHost):\(port)"
        onRunning(URL(string: state.address) ?? URL(fileURLWithPath: "/"))
      },
      logger: configuration.logger
    )
    // Services stop in reverse order: the feeds end first, so the server's wait for responses can finish.
    let group = ServiceGroup(
      configuration: .init(
        services: [
          application,
          FeedService(
            feeds: state.feeds, connections: connections, keepAliveInterval: configuration.keepAliveInterval,
            logger: configuration.logger),
          MemoryTrimService(connections: connections, logger: configuration.logger),
        ],
        gracefulShutdownSignals: signals,
        logger: configuration.logger))
    return (group, router.routes, state.feeds, connections)
  }

  private static func makeRouter(state: ServerState, rateLimit: RateLimit?) -> ServerRouter {
    let router = ServerRouter(state: state)
    router.router.add(middleware: ServerMiddleware(recorder: router.recorder))
    if let rateLimit {
      let knownTokens = KnownTokens(store: state.store, capacity: rateLimit.trackedClients)
      router.router.add(middleware: RateLimitMiddleware(limiter: RateLimiter(rateLimit), knownTokens: knownTokens))
    }
    router.addCatalogRoutes()
    router.addStreamRoutes()
    router.addArtworkRoutes()
    router.addFavouritesRoutes()
    return router
  }
}

/// Keeps the open feeds alive (a comment every keep-alive interval, which also finds clients that went away), ends
/// the feeds whose token was revoked (checked as often: revocation may come from another process), logs how many
/// connections the server's limits closed since the last interval, by limit, and ends every feed when the server
/// begins to stop.
private struct FeedService: Service {
  let feeds: FeedRegistry
  let connections: ConnectionTable
  let keepAliveInterval: Duration
  let logger: Logger

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while (try? await Task.sleep(for: keepAliveInterval)) != nil {
        feeds.sendKeepAlives()
        await feeds.endFeedsOfRevokedTokens()
        let closed = connections.takeClosedByLimits()
        if !closed.isEmpty {
          logger.info(
            "connections closed by the server's limits",
            metadata: Logger.Metadata(uniqueKeysWithValues: closed.map { ($0.key.rawValue, "\($0.value)") }))
        }
      }
    }
    feeds.closeAll()
  }
}

/// Gives the memory of many closed connections (a feed is one) back to the system.
///
/// glibc's allocator keeps what it freed in each thread's arena for reuse, so without a trim the server's
/// resident memory stays at the high-water mark of its open connections (measured: 10,000 feeds opened and dropped
/// left a debug build at 336 MB, from 60 MB). Once at least 1,000 connections and half of the most open since the
/// last trim have closed, or the last of at least 100, the ``ConnectionTable`` asks for a trim and
/// ``MemoryTrimService`` returns the free pages (`malloc_trim`). Connections, not feeds: a feed ends a moment before
/// its connection has closed and freed what it held.
enum MemoryTrim {
  /// A trim the connection table asks for, with the figures it logs.
  struct Request: Sendable {
    var openConnections: Int
    var mostOpenSinceLastTrim: Int
  }

  /// Whether enough connections have closed for a trim: `mostOpen` is the most open at once since the last one.
  static func isDue(open: Int, mostOpen: Int) -> Bool {
    (mostOpen - open >= 1_000 && open <= mostOpen / 2) || (open == 0 && mostOpen >= 100)
  }

  /// Returns the allocator's free pages to the system.
  static func returnFreedMemory() {
    _ = mallocTrim?(0)
  }

  /// glibc's `malloc_trim`, found at run time: Swift's Glibc module leaves out `<malloc.h>`.
  private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()
}

/// Trims the allocator each time the ``ConnectionTable`` asks, as soon as it asks: off the event loops, whose
/// connections' closing asks for it.
private struct MemoryTrimService: Service {
  let connections: ConnectionTable
  let logger: Logger

  func run() async throws {
    await cancelWhenGracefulShutdown {
      for await request in connections.trimRequests {
        MemoryTrim.returnFreedMemory()
        logger.info(
          "connections closed: freed memory returned to the system",
          metadata: [
            "openConnections": "\(request.openConnections)",
            "mostOpenSinceLastTrim": "\(request.mostOpenSinceLastTrim)",
          ])
      }
    }
  }
}

/// The server's URL once it listens, or the failure of the task that runs it.
private final class Listening: Sendable {
  private let continuation = NIOLockedValueBox<CheckedContinuation<URL, any Error>?>(nil)
  private let early = NIOLockedValueBox<Result<URL, any Error>?>(nil)

  func resolve(_ url: URL) { finish(.success(url)) }

  func url(orFailureOf running: Task<Void, any Error>) async throws -> URL {
    Task {
      do {
        try await running.value
        finish(.failure(ServerStartError.stoppedBeforeListening))
      } catch {
        finish(.failure(error))
      }
    }
    return try await withCheckedThrowingContinuation { continuation in
      let result: Result<URL, any Error>? = early.withLockedValue { early in
        if let result = early { return result }
        self.continuation.withLockedValue { $0 = continuation }
        return nil
      }
      if let result { continuation.resume(with: result) }
    }
  }

  private func finish(_ result: Result<URL, any Error>) {
    let waiting: CheckedContinuation<URL, any Error>? = early.withLockedValue { early in
      guard early == nil else { return nil }
      early = result
      return continuation.withLockedValue { continuation in
        defer { continuation = nil }
        return continuation
      }
    }
    waiting?.resume(with: result)
  }
}

/// Why a server did not start.
public enum ServerStartError: Error, CustomStringConvertible {
  /// The server stopped before it listened.
  case stoppedBeforeListening

  /// A one-line explanation.
  public var description: String { "The server stopped before it listened." }
}
