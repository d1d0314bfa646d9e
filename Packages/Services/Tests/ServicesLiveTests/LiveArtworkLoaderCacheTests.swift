import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

/// The live loader's files and caches: a file read, a memory cache bounded in bytes (least recently used first), a
/// disk cache that outlives the loader, bounded in bytes, private to the user, and that drops what it cannot decode.
@Suite(.timeLimit(.minutes(5))) struct LiveArtworkLoaderCacheTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  private var cacheDirectory: URL { directory.url.appendingPathComponent("cache/humble/artwork", isDirectory: true) }

  private func writeCover(_ identifier: String) throws -> URL {
    let url = directory.url.appendingPathComponent("\(identifier).png")
    try Data(coverPNG(identifier)).write(to: url)
    return url
  }

  @Test func aFileIsReadAndDecodedAndNeverKeptOnDisk() async throws {
    let url = try writeCover("file-cover")
    let loader = LiveArtworkLoader(configuration: .init(diskCacheDirectory: cacheDirectory))

    #expect(await load(loader, url) == .success(try #require(coverArtwork("file-cover"))))
    #expect(!FileManager.default.fileExists(atPath: cacheDirectory.path))
  }

  @Test func aMissingFileIsNotFoundAndAnotherSchemeUnsupported() async throws {
    let missing = directory.url.appendingPathComponent("missing.png")
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    #expect(await load(loader, missing) == .failure(.notFound(missing)))
    let ftp = try #require(URL(string: "ftp://example.com/cover.png"))
    #expect(await load(loader, ftp) == .failure(.unsupportedURL(ftp)))
  }

  @Test func aSecondLoadIsAnsweredFromMemoryWithoutAFetch() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"))])
    let loader = LiveArtworkLoader(configuration: .memoryOnly)

    let first = await load(loader, server.url("/a.png"))
    let second = await load(loader, server.url("/a.png"))

    #expect(first == .success(try #require(coverArtwork("a"))))
    #expect(second == first)
    #expect(server.requestCount(for: "/a.png") == 1)
  }

  @Test func theMemoryCacheEvictsTheLeastRecentlyUsedPastItsBytes() async throws {
    // Room for two 16 × 16 covers (1,024 bytes each). A file deleted after loading can only come from memory.
    let loader = LiveArtworkLoader(configuration: .init(memoryCacheBytes: 2 * 1_024, diskCacheDirectory: nil))
    let a = try writeCover("a")
    let b = try writeCover("b")
    let c = try writeCover("c")
    _ = await load(loader, a)
    _ = await load(loader, b)
    _ = await load(loader, a)  // a is now more recent than b
    _ = await load(loader, c)  // past the limit: b, the least recently used, goes
    for file in [a, b, c] { try FileManager.default.removeItem(at: file) }

    #expect(await load(loader, a) == .success(try #require(coverArtwork("a"))))
    #expect(await load(loader, c) == .success(try #require(coverArtwork("c"))))
    #expect(await load(loader, b) == .failure(.notFound(b)))
    #expect(loader.memoryCacheByteCount == 2 * 1_024)
  }

  @Test func theDiskCacheOutlivesTheLoaderInAPrivateDirectory() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"))])
    let configuration = LiveArtworkLoader.Configuration(diskCacheDirectory: cacheDirectory)

    let first = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))
    let second = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))

    #expect(first == .success(try #require(coverArtwork("a"))))
    #expect(second == first)
    #expect(server.requestCount(for: "/a.png") == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: cacheDirectory.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func theDiskCacheStaysWithinItsBytes() async throws {
    let pngs = try ["a", "b", "c"].map { try coverPNG($0) }
    let server = try ArtworkServer(
      routes: ["/a.png": .png(pngs[0]), "/b.png": .png(pngs[1]), "/c.png": .png(pngs[2])])
    // Each file holds its URL besides its PNG, so the three cannot all stay; any one fits.
    let limit = pngs.map(\.count).reduce(0, +)
    let configuration = LiveArtworkLoader.Configuration(diskCacheBytes: limit, diskCacheDirectory: cacheDirectory)
    let loader = LiveArtworkLoader(configuration: configuration)
    for path in ["/a.png", "/b.png", "/c.png"] { _ = await load(loader, server.url(path)) }

    let sizes = fileSizes(in: cacheDirectory)
    #expect(sizes.values.reduce(0, +) <= limit)
    #expect((1..<3).contains(sizes.count))
    // The one written last is kept: a new loader finds it without asking the server.
    _ = await load(LiveArtworkLoader(configuration: configuration), server.url("/c.png"))
    #expect(server.requestCount(for: "/c.png") == 1)
  }

  @Test func aCachedFileThatDoesNotDecodeIsDroppedAndFetchedAgain() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"))])
    let configuration = LiveArtworkLoader.Configuration(diskCacheDirectory: cacheDirectory)
    _ = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))
    let name = try #require(fileSizes(in: cacheDirectory).keys.first)
    let file = cacheDirectory.appendingPathComponent(name)
    // The header stays; the PNG is cut short.
    try FileManager.default.contents(atPath: file.path)?.dropLast(40).write(to: file)

    let reloaded = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))
    let again = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))

    #expect(reloaded == .success(try #require(coverArtwork("a"))))
    #expect(again == reloaded)
    #expect(server.requestCount(for: "/a.png") == 2)
  }
}
