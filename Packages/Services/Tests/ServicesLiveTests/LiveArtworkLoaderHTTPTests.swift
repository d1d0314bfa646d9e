import Foundation
import HumbleSupport
import HumbleSupportTesting
import Services
import ServicesTestSupport
import Testing

@testable import ServicesLive

/// The live loader over real HTTP on loopback: each failure a typed error with one line of reason, each limit checked
/// before what it guards is allocated, and the token sent to its own origin only.
@Suite(.timeLimit(.minutes(5))) struct LiveArtworkLoaderHTTPTests {
  @Test func aCorruptPNGIsNotAnImage() async throws {
    let png = try coverPNG("a")
    let server = try ArtworkServer(routes: ["/a.png": .png(Array(png.dropLast(40)))])

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), server.url("/a.png"))

    guard case .failure(let error) = result, case .notAnImage(_, let reason) = error else {
      Issue.record("expected notAnImage, got \(result)")
      return
    }
    #expect(reason.hasPrefix("the PNG is corrupt: "))
    #expect(!error.description.contains("\n"))
  }

  @Test func bytesThatAreNotAPNGAreNotAnImage() async throws {
    let server = try ArtworkServer(routes: ["/a.png": ArtworkRoute(body: Data("<html>".utf8))])

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), server.url("/a.png"))

    guard case .failure(.notAnImage(_, let reason)) = result else {
      Issue.record("expected notAnImage, got \(result)")
      return
    }
    #expect(reason.hasPrefix("not a PNG: "))
  }

  @Test(arguments: [404, 410]) func aMissingResourceIsNotFound(status: Int) async throws {
    let server = try ArtworkServer(routes: ["/gone.png": ArtworkRoute(status: status)])

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), server.url("/gone.png"))

    #expect(result == .failure(.notFound(server.url("/gone.png"))))
  }

  @Test func anotherErrorStatusIsUnreachableWithTheStatus() async throws {
    let server = try ArtworkServer(routes: ["/a.png": ArtworkRoute(status: 503)])

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), server.url("/a.png"))

    guard case .failure(.unreachable(_, let reason)) = result else {
      Issue.record("expected unreachable, got \(result)")
      return
    }
    #expect(reason.contains("HTTP 503"))
  }

  @Test func aClosedPortIsUnreachable() async throws {
    let url = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())/a.png"))

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), url)

    guard case .failure(let error) = result, case .unreachable = error else {
      Issue.record("expected unreachable, got \(result)")
      return
    }
    #expect(error.description.contains("refused the connection"))
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let server = try ArtworkServer(routes: ["/a.png": .png(try coverPNG("a"), hold: .untilClosed)])
    let configuration = LiveArtworkLoader.Configuration(requestTimeout: .milliseconds(300), diskCacheDirectory: nil)

    let result = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))

    // The loader's deadline, or URLSession's backstop a second later when a loaded machine runs the deadline late.
    guard case .failure(.unreachable(_, let reason)) = result else {
      Issue.record("expected unreachable, got \(result)")
      return
    }
    #expect(reason == "no answer within 0.3 s" || reason.hasSuffix("timed out"))
  }

  @Test func aPNGClaimingAHundredThousandPixelsASideIsTooLargeFromItsHeader() async throws {
    let server = try ArtworkServer(routes: ["/huge.png": .png(pngHeader(claimingWidth: 100_000, height: 100_000))])

    let result = await load(LiveArtworkLoader(configuration: .memoryOnly), server.url("/huge.png"))

    let limit = "the limit is 8,192 pixels a side"
    #expect(result == .failure(.tooLarge(server.url("/huge.png"), width: 100_000, height: 100_000, limit: limit)))
    #expect(
      (result.failureDescription ?? "")
        == "Artwork at \(server.url("/huge.png")) is too large (100000 × 100000 pixels): \(limit).")
  }

  @Test func anAnswerAnnouncingMoreThanTheMaximumDownloadIsRefused() async throws {
    let server = try ArtworkServer(routes: ["/a.png": ArtworkRoute(body: Data(count: 5_000))])
    let configuration = LiveArtworkLoader.Configuration(maximumDownloadBytes: 1_000, diskCacheDirectory: nil)

    let result = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))

    let limit = "the answer announces 5000 bytes, more than the maximum download of 1000 bytes"
    #expect(result == .failure(.tooLarge(server.url("/a.png"), width: 0, height: 0, limit: limit)))
  }

  @Test func aDownloadWithoutALengthIsCutWhenItPassesTheMaximum() async throws {
    let sent = Locked(0)
    let (finished, didFinish) = AsyncStream<Bool>.makeStream()
    // A body with no length that would run to 4 GiB: the loader must hang up long before. (FoundationNetworking reads
    // ahead of its delegate, which drops every byte past the limit, so the hang-up comes some way past it.)
    let server = try LoopbackHTTPServer { _, connection in
      let chunk = [UInt8](repeating: 0, count: 16_384)
      var delivered = connection.send(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
      while delivered, sent.withLock({ $0 }) < 4 << 30 {
        delivered = connection.send(chunk)
        if delivered { sent.withLock { $0 += chunk.count } }
      }
      didFinish.yield(delivered)
    }
    let configuration = LiveArtworkLoader.Configuration(maximumDownloadBytes: 65_536, diskCacheDirectory: nil)

    let result = await load(LiveArtworkLoader(configuration: configuration), server.url("/a.png"))

    let limit = "the download passed the maximum download of 65536 bytes"
    #expect(result == .failure(.tooLarge(server.url("/a.png"), width: 0, height: 0, limit: limit)))
    let sentEverything = try await firstElement(of: finished, where: { _ in true })
    #expect(!sentEverything, "the loader never hung up: it read all \(sent.withLock { $0 }) bytes")
  }

  @Test func theTokenGoesToItsOriginOnly() async throws {
    let png = try coverPNG("a")
    let other = try ArtworkServer(routes: ["/a.png": .png(png)])
    let own = try ArtworkServer(routes: ["/a.png": .png(png), "/moved.png": .redirect(to: other.url("/a.png"))])
    let authorization = LiveArtworkLoader.Authorization(origin: own.url("/"), bearerToken: "secret")
    let loader = LiveArtworkLoader(configuration: .memoryOnly, authorization: authorization)

    _ = await load(loader, own.url("/a.png"))
    _ = await load(loader, own.url("/moved.png"))
    _ = await load(loader, other.url("/a.png"))

    #expect(own.requests.map { $0.headers["authorization"] } == ["Bearer secret", "Bearer secret"])
    #expect(other.requests.count == 2)
    #expect(other.requests.allSatisfy { $0.headers["authorization"] == nil })
    #expect(!"\(authorization)".contains("secret"))
  }
}

extension Result where Failure: CustomStringConvertible {
  /// The failure's one line, nil for a success.
  fileprivate var failureDescription: String? {
    guard case .failure(let error) = self else { return nil }
    return error.description
  }
}
