import CatalogAPI
import Domain
import Foundation
import HumbleServer
import Logging
import PNGCodec
import Testing

/// `GET /v1/artwork/{artworkID}`: generated covers, written on first request, cached by entity tag.
@Suite(.timeLimit(.minutes(5))) struct ArtworkTests {
  let path = CatalogAPI.Path.artwork(CatalogAPI.ArtworkOwner.artist("solo").artworkID)

  /// Runs `body` with a server that keeps its artwork in a folder of the test's own (not yet created).
  private func withServer<T>(
    _ backend: StoreBackend = .sqlite, publicURL: URL? = nil, logger: Logger? = nil,
    _ body: (TestServer, URL) async throws -> T
  ) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("humble-artwork-\(UUID().uuidString)", isDirectory: true)
      .appendingPathComponent("artwork", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    return try await TestServer.with(
      backend, publicURL: publicURL, logger: logger, configure: { $0.artworkFolder = folder },
      { try await body($0, folder) })
  }

  private func files(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test(arguments: StoreBackend.allCases) func anArtistsArtworkIsA256PixelPNGWithTheSameBytesAndTagEachTime(
    _ backend: StoreBackend
  ) async throws {
    try await withServer(backend) { server, _ in
      let first = try await server.send(.GET, path)
      #expect(first.status == 200)
      #expect(first.header("Content-Type") == "image/png")
      #expect(first.header("Cache-Control") == "public, max-age=86400")
      #expect(first.header("Content-Length") == String(first.body.count))
      let tag = try #require(first.header("ETag"))
      #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
      let image = try PNGImage(decoding: [UInt8](first.body))
      #expect(image.width == 256 && image.height == 256)
      let second = try await server.send(.GET, path)
      #expect(second.body == first.body)
      #expect(second.header("ETag") == tag)
      let head = try await server.send(.HEAD, path)
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.header("ETag") == tag)
      #expect(head.header("Content-Length") == String(first.body.count))
    }
  }

  @Test(arguments: StoreBackend.allCases) func aPlaylistsArtworkDiffersFromAnArtists(_ backend: StoreBackend)
    async throws
  {
    try await withServer(backend) { server, _ in
      let playlist = try await server.send(.GET, CatalogAPI.Path.artwork("playlist-mix"))
      #expect(playlist.status == 200)
      let image = try PNGImage(decoding: [UInt8](playlist.body))
      #expect(image.width == 256 && image.height == 256)
      let artist = try await server.send(.GET, path)
      #expect(artist.body != playlist.body)
      #expect(artist.header("ETag") != playlist.header("ETag"))
    }
  }

  @Test(arguments: [
    ("TAG", 304), ("W/TAG", 304), ("\"other\", TAG", 304), (" \"a,b\" ,W/TAG", 304), ("*", 304),
    ("\"other\"", 200), ("W/\"other\", junk", 200), ("junk, TAG", 304), ("", 200),
  ])
  func ifNoneMatchNamingTheTagIs304(condition: String, status: Int) async throws {
    try await withServer { server, _ in
      let tag = try #require(try await server.send(.GET, path).header("ETag"))
      let header = condition.replacingOccurrences(of: "TAG", with: tag)
      for method in [NIOHTTPMethod.GET, .HEAD] {
        let response = try await server.send(method, path, headers: [("If-None-Match", header)])
        #expect(response.status == status, "\(method) If-None-Match: \(header)")
        #expect(response.header("ETag") == tag)
        #expect(response.header("Cache-Control") == "public, max-age=86400")
        if status == 304 || method == .HEAD { #expect(response.body.isEmpty) }
      }
    }
  }

  @Test func ifNoneMatchOnSeveralFieldLinesIsOneList() async throws {
    try await withServer { server, _ in
      let tag = try #require(try await server.send(.GET, path).header("ETag"))
      let response = try await server.send(
        .GET, path, headers: [("If-None-Match", "\"old\""), ("If-None-Match", "W/\(tag)")])
      #expect(response.status == 304)
    }
  }

  @Test(arguments: StoreBackend.allCases) func artworkOfNoArtistOrPlaylistIs404AndWritesNothing(
    _ backend: StoreBackend
  ) async throws {
    try await withServer(backend) { server, folder in
      let (artist, _) = try await server.problem(.GET, CatalogAPI.Path.artwork("artist-nobody"), status: 404)
      #expect(artist.detail == "No artist with ID 'nobody' in the catalog.")
      let (playlist, _) = try await server.problem(.GET, CatalogAPI.Path.artwork("playlist-gone"), status: 404)
      #expect(playlist.detail == "No playlist with ID 'gone' in the catalog.")
      let head = try await server.send(.HEAD, CatalogAPI.Path.artwork("artist-nobody"))
      #expect(head.status == 404 && head.body.isEmpty)
      #expect(files(in: folder) == [])
    }
  }

  /// What a malformed artwork identifier's problem says after quoting it.
  static let notAnArtworkID = "is not artist-<artistID> or playlist-<playlistID> (an identifier of 1 to 256 bytes)."

  @Test(arguments: [
    ("solo", "The artworkID 'solo' \(notAnArtworkID)"),
    ("artist-", "The artworkID 'artist-' \(notAnArtworkID)"),
    ("track-solo-1", "The artworkID 'track-solo-1' \(notAnArtworkID)"),
    ("artist-a%00", "The artworkID holds a NUL character."),
    ("%FF", "The artworkID '%FF' is not valid percent-encoded UTF-8."),
    ("playlist-" + String(repeating: "x", count: 257), "The artworkID is 266 bytes long; the limit is 265."),
  ])
  func aMalformedArtworkIDIsABadParameter(id: String, detail: String) async throws {
    try await withServer { server, _ in
      let (problem, _) = try await server.problem(.GET, "/v1/artwork/" + id, status: 400)
      #expect(problem.detail == detail)
      #expect(problem.parameter == "artworkID")
    }
  }

  @Test func anArtistIDThatCannotNameAnythingAfterItsPrefixIsABadParameter() async throws {
    try await withServer { server, _ in
      // 7 + 257 bytes: within the artwork limit, but the artist's part is over the identifier limit.
      let (problem, _) = try await server.problem(
        .GET, "/v1/artwork/artist-" + String(repeating: "x", count: 257), status: 400)
      #expect(problem.parameter == "artworkID")
    }
  }

  @Test(arguments: StoreBackend.allCases) func answersPointArtistsAndPlaylistsAtTheirArtworkOnThePublicURL(
    _ backend: StoreBackend
  ) async throws {
    let base = "https://music.example/catalog"
    try await withServer(backend, publicURL: URL(string: base + "/")) { server, folder in
      let solo = URL(string: base + "/v1/artwork/artist-solo")
      let all = try await server.get(ArtistList.self, CatalogAPI.Path.artists)
      #expect(all.artists.allSatisfy { $0.imageURL?.absoluteString == base + "/v1/artwork/artist-\($0.id)" })
      let found = try await server.get(ArtistList.self, CatalogAPI.Path.artists + "?query=sol")
      #expect(found.artists.map(\.imageURL) == [solo])
      #expect(try await server.get(Artist.self, CatalogAPI.Path.artist("solo")).imageURL == solo)
      let related = try await server.get(ArtistList.self, CatalogAPI.Path.related(toArtist: "solo"))
      let relatedURLs = Set(related.artists.compactMap(\.imageURL?.absoluteString))
      #expect(relatedURLs == Set(["many", "other"].map { base + "/v1/artwork/artist-\($0)" }))
      let mix = URL(string: base + "/v1/artwork/playlist-mix")
      let playlists = try await server.get(PlaylistList.self, CatalogAPI.Path.playlists(featuringArtist: "solo"))
      #expect(playlists.playlists.map(\.artworkURL) == [mix])
      #expect(try await server.get(Playlist.self, CatalogAPI.Path.playlist("mix")).artworkURL == mix)
      // Naming artwork writes none.
      #expect(files(in: folder) == [])
      let served = try await server.send(.GET, try #require(mix).path.replacingOccurrences(of: "/catalog", with: ""))
      #expect(served.status == 200)
    }
  }

  @Test func aCoverIsWrittenOnItsFirstRequestOnlyPrivatelyAndOnce() async throws {
    try await withServer { server, folder in
      #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing is written at start")
      let first = try await server.send(.GET, path)
      #expect(first.status == 200)
      let written = files(in: folder)
      #expect(written.count == 1)
      let name = try #require(written.first)
      #expect(name.hasSuffix(".png") && !name.hasPrefix("."))
      let file = folder.appendingPathComponent(name)
      #expect(try Data(contentsOf: file) == first.body)
      #expect(try permissions(of: file) == 0o600)
      #expect(try permissions(of: folder) == 0o700)
      _ = try await server.send(.GET, path)
      _ = try await server.send(.HEAD, path)
      #expect(files(in: folder) == written)
      _ = try await server.send(.GET, CatalogAPI.Path.artwork("playlist-mix"))
      #expect(files(in: folder).count == 2)
    }
  }

  @Test(arguments: ["truncated", "garbage", "empty", "a PNG of another size"])
  func aDamagedFileIsGeneratedAgainNeverServed(damage: String) async throws {
    let log = LogRecorder()
    try await withServer(logger: log.logger) { server, folder in
      let first = try await server.send(.GET, path)
      let file = folder.appendingPathComponent(try #require(files(in: folder).first))
      let damaged: Data =
        switch damage {
        case "truncated": first.body.prefix(first.body.count / 2)
        case "garbage": Data(repeating: 0x42, count: 5_000)
        case "empty": Data()
        default: try #require(try pngOfOtherSide())
        }
      try damaged.write(to: file)
      let again = try await server.send(.GET, path)
      #expect(again.status == 200)
      #expect(again.body == first.body)
      #expect(again.header("ETag") == first.header("ETag"))
      #expect(try Data(contentsOf: file) == first.body, "the file is whole again")
      let requestID = try #require(again.header("X-Request-ID"))
      let warning = try #require(log.entries(forRequestID: requestID).first)
      #expect(warning.level == .warning)
      #expect(warning.message.hasPrefix("artwork file \(file.path) of 'artist-solo' "))
      #expect(warning.message.hasSuffix(": generating it again") && !warning.message.contains("\n"))
    }
  }

  /// A whole PNG of the wrong size: a cover of another side is not a cover.
  private func pngOfOtherSide() throws -> Data? {
    guard let image = PNGImage(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16)) else { return nil }
    return Data(try image.pngBytes())
  }

  @Test func concurrentFirstRequestsAllGetTheWholeCoverAndLeaveOneFile() async throws {
    try await withServer { server, folder in
      let path = path
      let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
        for _ in 0..<8 {
          group.addTask { try await server.client.send(.GET, path).body }
        }
        return try await group.reduce(into: [Data]()) { $0.append($1) }
      }
      #expect(Set(bodies).count == 1)
      let image = try PNGImage(decoding: [UInt8](try #require(bodies.first)))
      #expect(image.width == 256)
      #expect(files(in: folder).count == 1, "no temporary file is left: \(files(in: folder))")
    }
  }

  @Test func withoutAFolderCoversAreStillServed() async throws {
    try await TestServer.with { server in
      let first = try await server.send(.GET, path)
      #expect(first.status == 200)
      #expect(try await server.send(.GET, path).body == first.body)
    }
  }

  private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
