import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

/// The two caches on their own: least recently used first, bounded in bytes, and stable names on disk.
@Suite struct ArtworkCachesTests {
  private func artwork(side: Int) throws -> Artwork {
    try #require(Artwork(width: side, height: side, rgba: [UInt8](repeating: 7, count: side * side * 4)))
  }

  private func url(_ name: String) throws -> URL {
    try #require(URL(string: "https://example.com/\(name).png"))
  }

  @Test func theMemoryCacheKeepsTheMostRecentlyUsedWithinItsBytes() throws {
    let cache = ArtworkMemoryCache(maximumBytes: 3 * 64)
    for name in ["a", "b", "c"] { cache.insert(try artwork(side: 4), for: try url(name)) }
    _ = cache.artwork(for: try url("a"))
    cache.insert(try artwork(side: 4), for: try url("d"))

    #expect(cache.urlsByRecency == [try url("d"), try url("a"), try url("c")])
    #expect(cache.byteCount == 3 * 64)
  }

  @Test func anArtworkLargerThanTheMemoryCacheIsNotKept() throws {
    let cache = ArtworkMemoryCache(maximumBytes: 100)
    cache.insert(try artwork(side: 4), for: try url("small"))
    cache.insert(try artwork(side: 8), for: try url("large"))

    #expect(cache.urlsByRecency == [try url("small")])
    #expect(cache.artwork(for: try url("large")) == nil)
  }

  @Test func theDiskCacheEvictsTheLeastRecentlyUsedFile() throws {
    let directory = try TemporaryDirectory()
    let png = Data(repeating: 1, count: 1_000)
    // Room for two files (each holds its URL too), not three.
    let cache = ArtworkDiskCache(directory: directory.url, maximumBytes: 2_500)
    cache.store(png, for: try url("a"))
    cache.store(png, for: try url("b"))
    // Modification times a step apart, a the older, whatever the file system's clock resolution.
    let hourAgo = Date(timeIntervalSinceNow: -3_600)
    for (name, age) in [("a", 2.0), ("b", 1.0)] {
      let file = cache.fileURL(for: try url(name))
      try FileManager.default.setAttributes([.modificationDate: hourAgo - age * 60], ofItemAtPath: file.path)
    }
    #expect(cache.png(for: try url("a")) == png)  // a hit: a is now the most recent
    cache.store(png, for: try url("c"))

    #expect(cache.png(for: try url("a")) == png)
    #expect(cache.png(for: try url("b")) == nil)
    #expect(cache.png(for: try url("c")) == png)
    #expect(fileSizes(in: directory.url).values.reduce(0, +) <= 2_500)
  }

  @Test func aFullDiskCacheEvictsTheOldestDownToSevenEighthsOfItsLimit() throws {
    let directory = try TemporaryDirectory()
    let png = Data(repeating: 1, count: 1_000)
    let cache = ArtworkDiskCache(directory: directory.url, maximumBytes: 8_800)
    for name in "abcdefgh" { cache.store(png, for: try url(String(name))) }
    // Eight files of about 1,050 bytes fit 8,800; the ninth passes it, and the oldest go until 7,700 is met.
    cache.store(png, for: try url("i"))
    let total = fileSizes(in: directory.url).values.reduce(0, +)
    #expect(total <= 8_800 - 8_800 / 8)
    #expect(fileSizes(in: directory.url).count == 7)
    #expect(cache.png(for: try url("i")) == png)
  }

  @Test func aFileNameIsTheSameInEveryRunAndDiffersByURL() {
    // FNV-1a of the URL's UTF-8, twice: a fixed function, unlike Swift's seeded Hasher.
    #expect(ArtworkDiskCache.hash("") == "cbf29ce484222325" + "84222325cbf29ce4")
    #expect(ArtworkDiskCache.hash("a").prefix(16) == "af63dc4c8601ec8c")  // FNV-1a's published value for "a"
    #expect(ArtworkDiskCache.hash("https://example.com/a.png") != ArtworkDiskCache.hash("https://example.com/b.png"))
  }

  @Test func aFileOfAnotherURLIsAMissAndIsDeleted() throws {
    let directory = try TemporaryDirectory()
    let cache = ArtworkDiskCache(directory: directory.url, maximumBytes: 10_000)
    cache.store(Data(repeating: 1, count: 10), for: try url("a"))
    // As if b's name collided with a's: the header names a, so b misses.
    try FileManager.default.moveItem(at: cache.fileURL(for: try url("a")), to: cache.fileURL(for: try url("b")))

    #expect(cache.png(for: try url("b")) == nil)
    #expect(fileSizes(in: directory.url).isEmpty)
  }
}
