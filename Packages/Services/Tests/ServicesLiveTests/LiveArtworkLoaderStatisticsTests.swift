import Foundation
import HumbleSupportTesting
import Services
import ServicesTestSupport
import Testing

@testable import ServicesLive

/// The live loader's statistics: each counter moves exactly when its work happens.
///
/// A request, a memory or disk hit, a fetch, a decode, a failure; and the bytes in memory are what the memory cache
/// holds. Every wait is on a signal (an answer, the server's events, the loader's count of waiters).
@Suite(.timeLimit(.minutes(5))) struct LiveArtworkLoaderStatisticsTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private var cacheDirectory: URL { directory.url.appendingPathComponent("cache/humble/artwork", isDirectory: true) }

  /// A 16 × 16 cover in a file of its own: 1,024 bytes decoded.
  private func writeCover(_ identifier: String) throws -> URL {
    let url = directory.url.appendingPathComponent("\(identifier).png")
    try Data(coverPNG(identifier)).write(to: url)
    return url
  }

  @Test func aNewLoaderHasDoneNothing() {
    #expect(LiveArtworkLoader(configuration: .memoryOnly).statistics == LiveArtworkLoader.Statistics())
  }

  @Test func aFirstRequestFetchesAndDecodesAndASecondIsAMemoryHitWithoutADecode() async throws {
    let url = try writeCover("a")
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    _ = await load(loader, url)
    #expect(loader.statistics == .init(requests: 1, fetches: 1, decodes: 1, bytesInMemory: 1_024))

    #expect(await load(loader, url) == .success(try #require(coverArtwork("a"))))
    #expect(loader.statistics == .init(requests: 2, memoryHits: 1, fetches: 1, decodes: 1, bytesInMemory: 1_024))
  }

  @Test func withoutAMemoryCacheEveryRequestFetchesAndDecodesAgain() async throws {
    let url = try writeCover("a")
    let loader = LiveArtworkLoader(configuration: .init(memoryCacheBytes: 0, diskCacheDirectory: nil))

    _ = await load(loader, url)
    _ = await load(loader, url)

    #expect(loader.statistics == .init(requests: 2, fetches: 2, decodes: 2))
  }

  @Test func aNewLoaderOnAWarmDiskCacheDecodesButDoesNotFetchOverTheNetwork() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"))])
    let configuration = LiveArtworkLoader.Configuration(diskCacheDirectory: cacheDirectory)
    let first = LiveArtworkLoader(configuration: configuration)
    _ = await load(first, server.url("/a.png"))
    #expect(first.statistics == .init(requests: 1, fetches: 1, decodes: 1, bytesInMemory: 1_024))

    let second = LiveArtworkLoader(configuration: configuration)
    #expect(await load(second, server.url("/a.png")) == .success(try #require(coverArtwork("a"))))

    #expect(second.statistics == .init(requests: 1, diskHits: 1, decodes: 1, bytesInMemory: 1_024))
    #expect(server.requestCount(for: "/a.png") == 1)
  }

  @Test func aCachedFileThatNoLongerDecodesIsNoDiskHitAndCostsASecondDecodeAndAFetch() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"))])
    let configuration = LiveArtworkLoader.Configuration(diskCacheDirectory: cacheDirectory)
    _ = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))
    let name = try #require(fileSizes(in: cacheDirectory).keys.first)
    let file = cacheDirectory.appendingPathComponent(name)
    // The header stays; the PNG is cut short.
    try FileManager.default.contents(atPath: file.path)?.dropLast(40).write(to: file)

    let loader = LiveArtworkLoader(configuration: configuration)
    _ = await load(loader, server.url("/a.png"))

    #expect(loader.statistics == .init(requests: 1, fetches: 1, decodes: 2, bytesInMemory: 1_024))
  }

  @Test func fiftyConcurrentRequestsOfOneURLCountOneFetchAndOneDecode() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilReleased)])
    let (waiters, continuation) = AsyncStream<Int>.makeStream()
    let loader = LiveArtworkLoader(
      configuration: .memoryOnly, waitersChanged: { _, count in continuation.yield(count) })
    let url = server.url("/a.png")

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<50 { group.addTask { _ = await load(loader, url) } }
      _ = try await firstElement(of: waiters, where: { $0 == 50 })
      server.release()
      try await group.waitForAll()
    }

    #expect(loader.statistics == .init(requests: 50, fetches: 1, decodes: 1, bytesInMemory: 1_024))
  }

  @Test func aNotFoundCountsItsFetchAndAFailureButNoDecode() async throws {
    let server = try ArtworkServer(routes: [:])
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    #expect(await load(loader, server.url("/missing.png")) == .failure(.notFound(server.url("/missing.png"))))

    #expect(loader.statistics == .init(requests: 1, fetches: 1, failures: 1))
  }

  @Test func aCorruptPNGCountsItsDecodeAndAFailure() async throws {
    let server = try ArtworkServer(routes: ["/broken.png": .png(Array(try coverPNG("a").dropLast(40)))])
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    guard case .failure(.notAnImage) = await load(loader, server.url("/broken.png")) else {
      Issue.record("a PNG cut short decoded")
      return
    }

    #expect(loader.statistics == .init(requests: 1, fetches: 1, decodes: 1, failures: 1))
  }

  @Test func aSchemeTheLoaderDoesNotSpeakIsAFailureWithoutAFetch() async throws {
    let loader = LiveArtworkLoader(configuration: .memoryOnly)
    let ftp = try #require(URL(string: "ftp://example.com/cover.png"))

    _ = await load(loader, ftp)

    #expect(loader.statistics == .init(requests: 1, failures: 1))
  }

  @Test func aCancelledRequestIsNoFailureAndItsAbandonedFetchDecodesNothing() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilClosed)])
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    let waiter = Task { await load(loader, server.url("/a.png")) }
    _ = try await firstElement(of: server.events, where: { $0 == .arrived("/a.png", count: 1) })
    waiter.cancel()
    #expect(await waiter.value == .failure(.cancelled))
    // The fetch ends once its connection is closed; nothing it could decode ever arrived.
    _ = try await firstElement(of: server.events, where: { $0 == .closed("/a.png") })

    #expect(loader.statistics == .init(requests: 1, fetches: 1))
  }
}
