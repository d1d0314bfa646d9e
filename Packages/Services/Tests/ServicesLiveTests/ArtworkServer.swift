import Foundation
import HumbleSupport
import HumbleSupportTesting

/// How an ``ArtworkServer`` answers one path.
struct ArtworkRoute: Sendable {
  /// How the first request for a path is held before it is answered; later requests are answered at once.
  enum Hold: Sendable {
    /// Until the test calls ``ArtworkServer/release()``.
    case untilReleased
    /// Never answered: the server waits until the client closes the connection (and says so in its events).
    case untilClosed
  }

  var status = 200
  var body = Data()
  var headers: [String: String] = [:]
  var hold: Hold?

  /// A PNG, answered `200` as `image/png`.
  static func png(_ bytes: [UInt8], hold: Hold? = nil) -> ArtworkRoute {
    ArtworkRoute(body: Data(bytes), headers: ["Content-Type": "image/png"], hold: hold)
  }

  /// A redirect (`302`) to `location`.
  static func redirect(to location: URL) -> ArtworkRoute {
    ArtworkRoute(status: 302, headers: ["Location": location.absoluteString])
  }
}

/// What an ``ArtworkServer`` saw, in order: the signals a test waits on.
enum ArtworkServerEvent: Equatable, Sendable {
  /// A request for the path arrived (the `count`th for it, from 1).
  case arrived(String, count: Int)
  /// The client closed the connection of a request held until closed.
  case closed(String)
}

/// A server on loopback for the artwork loader's tests: it answers paths as their routes say (404 for others),
/// records every request with its headers, and can hold a path's first answer until the test releases it or the
/// client goes away.
final class ArtworkServer: Sendable {
  private let server: LoopbackHTTPServer
  private let handler: ArtworkServerHandler
  /// What the server saw, as it happens.
  let events: AsyncStream<ArtworkServerEvent>

  init(routes: [String: ArtworkRoute]) throws {
    let (events, continuation) = AsyncStream<ArtworkServerEvent>.makeStream()
    let handler = ArtworkServerHandler(routes: routes, events: continuation)
    self.events = events
    self.handler = handler
    server = try LoopbackHTTPServer { request, connection in handler.handle(request, connection) }
  }

  deinit {
    // A held answer ends with the test.
    handler.gate.open()
  }

  /// The URL of `path` on this server.
  func url(_ path: String) -> URL { server.url(path) }

  /// The requests received so far.
  var requests: [LoopbackRequest] { handler.requests.withLock { $0 } }

  /// How many requests for `path` arrived.
  func requestCount(for path: String) -> Int { requests.filter { $0.path == path }.count }

  /// Answers the requests held until released, and every later one at once.
  func release() { handler.gate.open() }
}

/// Answers requests on the threads the loopback server gives them; it does not keep the server alive.
private final class ArtworkServerHandler: Sendable {
  let routes: [String: ArtworkRoute]
  let requests = Locked<[LoopbackRequest]>([])
  let gate = Gate()
  private let events: AsyncStream<ArtworkServerEvent>.Continuation

  init(routes: [String: ArtworkRoute], events: AsyncStream<ArtworkServerEvent>.Continuation) {
    self.routes = routes
    self.events = events
  }

  func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
    let count = requests.withLock { requests in
      requests.append(request)
      return requests.filter { $0.path == request.path }.count
    }
    events.yield(.arrived(request.path, count: count))
    guard let route = routes[request.path] else {
      connection.respond(status: 404, contentType: "text/plain", body: Data("not found".utf8))
      return
    }
    if count == 1 {
      switch route.hold {
      case .untilReleased?:
        gate.wait()
      case .untilClosed?:
        connection.waitUntilClosed()
        events.yield(.closed(request.path))
        return
      case nil:
        break
      }
    }
    var head = "HTTP/1.1 \(route.status) Status\r\n"
    for (name, value) in route.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(route.body.count)\r\nConnection: close\r\n\r\n"
    connection.send(Array(head.utf8) + Array(route.body))
  }
}

/// A gate that threads wait at until it opens, once and for all.
private final class Gate: @unchecked Sendable {
  // `isOpen` is only touched while `condition` is locked.
  private let condition = NSCondition()
  private var isOpen = false

  func wait() {
    condition.lock()
    while !isOpen { condition.wait() }
    condition.unlock()
  }

  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }
}
