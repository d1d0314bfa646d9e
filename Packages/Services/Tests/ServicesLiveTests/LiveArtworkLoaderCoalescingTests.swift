import Foundation
import HumbleSupportTesting
import Services
import ServicesTestSupport
import Testing

@testable import ServicesLive

/// Many requests for one URL share one fetch, each waiter cancels on its own, and the fetch ends when nobody waits:
/// every wait is on a signal (the server's events, the loader's count of waiters), never on time.
@Suite(.timeLimit(.minutes(5))) struct LiveArtworkLoaderCoalescingTests {
  /// A loader without a disk cache, and the number of waiters for a URL each time it changes.
  private func loaderCountingWaiters() -> (LiveArtworkLoader, AsyncStream<Int>) {
    let (waiters, continuation) = AsyncStream<Int>.makeStream()
    let loader = LiveArtworkLoader(
      configuration: .memoryOnly, waitersChanged: { _, count in continuation.yield(count) })
    return (loader, waiters)
  }

  @Test func fiftyConcurrentRequestsForOneURLMakeOneHTTPRequest() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilReleased)])
    let (loader, waiters) = loaderCountingWaiters()
    let url = server.url("/a.png")

    let results = try await withThrowingTaskGroup(of: Result<Artwork, ArtworkLoadError>.self) { group in
      for _ in 0..<50 { group.addTask { await load(loader, url) } }
      _ = try await firstElement(of: waiters, where: { $0 == 50 })
      server.release()
      return try await group.reduce(into: []) { $0.append($1) }
    }

    let expected = try #require(coverArtwork("a"))
    #expect(results.count == 50)
    #expect(results.allSatisfy { $0 == .success(expected) })
    #expect(server.requestCount(for: "/a.png") == 1)
  }

  @Test func cancellingTheLastWaiterClosesTheConnectionAndALaterRequestStartsAfresh() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilClosed)])
    let loader = LiveArtworkLoader(configuration: .memoryOnly)
    let url = server.url("/a.png")

    let waiter = Task { await load(loader, url) }
    _ = try await firstElement(of: server.events, where: { $0 == .arrived("/a.png", count: 1) })
    waiter.cancel()

    #expect(await waiter.value == .failure(.cancelled))
    _ = try await firstElement(of: server.events, where: { $0 == .closed("/a.png") })
    #expect(await load(loader, url) == .success(try #require(coverArtwork("a"))))
    #expect(server.requestCount(for: "/a.png") == 2)
  }

  @Test func cancellingOneOfTwoWaitersLeavesTheOtherItsArtwork() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilReleased)])
    let (loader, waiters) = loaderCountingWaiters()
    let url = server.url("/a.png")

    let leaving = Task { await load(loader, url) }
    let staying = Task { await load(loader, url) }
    _ = try await firstElement(of: waiters, where: { $0 == 2 })
    leaving.cancel()
    #expect(await leaving.value == .failure(.cancelled))
    server.release()

    #expect(await staying.value == .success(try #require(coverArtwork("a"))))
    #expect(server.requestCount(for: "/a.png") == 1)
  }

  @Test func aFileReadInACancelledFetchIsAbandoned() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("a.png")
    try Data(coverPNG("a")).write(to: file)

    let result = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return ArtworkFile.read(file, maximumBytes: 1 << 20)
    }.value

    #expect(result == .failure(.cancelled))
  }
}
