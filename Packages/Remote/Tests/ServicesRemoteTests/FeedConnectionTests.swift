import CatalogAPI
import Foundation
import HumbleSupport
import HumbleSupportTesting
import Testing

@testable import ServicesRemote

/// How one connection to the live feed is opened.
@Suite(.timeLimit(.minutes(5))) struct FeedConnectionTests {
  /// A request as the server saw it: the connection it came on, its method and its path.
  struct Seen: Hashable, Sendable {
    let connection: Int
    let method: String
    let path: String
  }

  #if canImport(FoundationNetworking)
    @Test func theFeedIsAskedForOnTheConnectionTheRequestBeforeItLeftOpen() async throws {
      // A connection FoundationNetworking opens is watched for writing as long as its request lasts, and a feed
      // lasts for hours: the feed has to go over a connection that was opened for something else.
      let seen = Locked<[Seen]>([])
      let server = try LoopbackHTTPServer { request, connection in
        seen.withLock { $0.append(Seen(connection: connection.number, method: request.method, path: request.path)) }
        guard request.path == CatalogAPI.Path.favouriteEvents else {
          return connection.respond(status: 404, contentType: nil, body: Data(), keepingAlive: true)
        }
        connection.send(
          Array(
            "HTTP/1.1 200 OK\r\nContent-Type: \(CatalogJSON.eventStreamContentType)\r\n\r\nevent: ready\ndata: {}\n\n"
              .utf8))
        connection.waitUntilClosed()
      }
      let client = CatalogClient(baseURL: server.baseURL, token: "token", configuration: testConfiguration())
      let (events, eventsContinuation) = AsyncStream<ServerSentEvent>.makeStream()
      let (ends, endsContinuation) = AsyncStream<String>.makeStream()
      let connection = FeedConnection(
        client: client, onEvent: { eventsContinuation.yield($0) }, onEnd: { endsContinuation.yield($0) })
      connection.start()
      let ready = await events.first { _ in true }
      #expect(ready?.type == CatalogAPI.FeedEvent.ready)
      connection.cancel()
      // However it ended (closed here, or by the server's side), both requests had been read by then.
      _ = await ends.first { _ in true }
      let requests = seen.withLock { $0 }
      #expect(
        requests == [
          Seen(connection: 1, method: "HEAD", path: CatalogAPI.Path.openAPIDocument),
          Seen(connection: 1, method: "GET", path: CatalogAPI.Path.favouriteEvents),
        ])
    }

    @Test func aFeedClosedWhileTheRequestBeforeItRunsEndsOnceWithoutAskingForTheFeed() async throws {
      let seen = Locked<[String]>([])
      let (heads, headsContinuation) = AsyncStream<Void>.makeStream()
      let release = DispatchSemaphore(value: 0)
      let server = try LoopbackHTTPServer { request, connection in
        seen.withLock { $0.append(request.path) }
        guard request.method == "HEAD" else { return connection.waitUntilClosed() }
        // The answer waits until the test has closed the feed.
        headsContinuation.yield()
        release.wait()
        connection.respond(status: 404, contentType: nil, body: Data(), keepingAlive: true)
      }
      defer { release.signal() }
      let client = CatalogClient(baseURL: server.baseURL, token: "token", configuration: testConfiguration())
      let (ends, endsContinuation) = AsyncStream<String>.makeStream()
      let connection = FeedConnection(
        client: client, onEvent: { _ in },
        onEnd: { reason in
          endsContinuation.yield(reason)
          endsContinuation.finish()
        })
      connection.start()
      await heads.first { _ in true }
      connection.cancel()
      release.signal()
      var reasons: [String] = []
      for await reason in ends { reasons.append(reason) }
      #expect(reasons == ["the feed was closed"])
      #expect(seen.withLock { $0 } == [CatalogAPI.Path.openAPIDocument])
    }

  #endif

  @Test func aFeedClosedBeforeItsFirstRequestEndsWithoutAskingForTheFeed() async throws {
    let seen = Locked<[String]>([])
    let server = try LoopbackHTTPServer { request, connection in
      seen.withLock { $0.append(request.path) }
      connection.respond(status: 404, contentType: nil, body: Data(), keepingAlive: true)
    }
    let client = CatalogClient(baseURL: server.baseURL, token: "token", configuration: testConfiguration())
    let (ends, endsContinuation) = AsyncStream<String>.makeStream()
    let connection = FeedConnection(client: client, onEvent: { _ in }, onEnd: { endsContinuation.yield($0) })
    connection.cancel()
    connection.start()
    #expect(await ends.first { _ in true } == "the feed was closed")
    #expect(seen.withLock { $0 }.isEmpty)
  }
}
