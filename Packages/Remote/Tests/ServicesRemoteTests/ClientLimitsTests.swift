import CatalogAPI
import Domain
import Foundation
import HumbleSupport
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesRemote

/// The client against a server that is broken or hostile: its token goes to the configured server's origin
/// only, and answers, feed events and stream URLs are held to limits.
@Suite(.timeLimit(.minutes(5))) struct ClientLimitsTests {
  let server: StubCatalogServer
  /// Another origin (the same host, another port), recording what reaches it.
  let elsewhere: RecordingServer

  init() throws {
    server = try StubCatalogServer()
    elsewhere = try RecordingServer()
  }

  private func services(_ configuration: RemoteConfiguration = testConfiguration()) throws -> RemoteServices {
    try RemoteServices(baseURL: server.baseURL, token: StubCatalogServer.token, configuration: configuration)
  }

  /// The reason of the `unavailable` failure of `body`, checked to be one line.
  private func unavailableReason<Value>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(MusicAPIError) -> Value
  ) async -> String {
    do {
      let value = try await body()
      Issue.record("succeeded with \(value)", sourceLocation: sourceLocation)
    } catch .unavailable(let reason) {
      #expect(!reason.contains { $0.isNewline }, sourceLocation: sourceLocation)
      return reason
    } catch {
      Issue.record("not unavailable: \(error)", sourceLocation: sourceLocation)
    }
    return ""
  }

  // MARK: The token stays with the server

  @Test func aRedirectToAnotherOriginIsRefusedAndTheTokenNeverLeaves() async throws {
    defer { server.stop() }
    let target = elsewhere.url("/v1/artists").absoluteString
    server.inject(.redirect(to: target), into: CatalogAPI.Path.artists)
    let api = try services().musicAPI
    let reason = await unavailableReason { () async throws(MusicAPIError) in try await api.allArtists() }
    #expect(
      reason
        == "the server redirected to \(target), another origin than http://127.0.0.1:\(server.baseURL.port ?? 0): "
        + "refused, the token stays with the server")
    #expect(elsewhere.requests.isEmpty)
  }

  @Test func aRedirectWithinTheServersOriginIsFollowedWithTheToken() async throws {
    defer { server.stop() }
    server.inject(.redirect(to: server.baseURL.absoluteString + CatalogAPI.Path.favourites), into: "/v1/me/old")
    let services = try services()
    // The stub answers favourites only for the token: the list arriving means the token came along.
    let favourites = try await services.musicAPI.client.get(FavouritesBody.self, "/v1/me/old")
    #expect(favourites.version == 0)
    #expect(server.requests == ["/v1/me/old", CatalogAPI.Path.favourites])
  }

  @Test func aFavouriteWriteRedirectedToAnotherOriginIsRefused() async throws {
    defer { server.stop() }
    let manager = try await services().connectedFavourites()
    defer { manager.close() }
    let target = elsewhere.url(CatalogAPI.Path.favourite("n0")).absoluteString
    server.inject(.redirect(to: target), into: CatalogAPI.Path.favourite("n0"))
    let error = await #expect(throws: FavouritesError.self) { try await manager.favourite("n0") }
    guard case .invalidAnswer(let reason)? = error else {
      Issue.record("not an invalid answer: \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("the server redirected to \(target), another origin"))
    #expect(elsewhere.requests.isEmpty)
  }

  @Test func aFeedRedirectedToAnotherOriginEndsWithoutSendingTheToken() async throws {
    defer { server.stop() }
    let target = elsewhere.url(CatalogAPI.Path.favouriteEvents).absoluteString
    server.inject(.redirect(to: target), into: CatalogAPI.Path.favouriteEvents)
    let manager = try await services().openFavourites()
    defer { manager.close() }
    let disconnected = await manager.feedStates().first(where: \.isDisconnected)
    #expect(
      disconnected
        == .disconnected(
          reason:
            "the server redirected to \(target), another origin than http://127.0.0.1:\(server.baseURL.port ?? 0): "
            + "refused, the token stays with the server"))
    #expect(elsewhere.requests.isEmpty)
  }

  // MARK: Answers have a size

  @Test func anAnswerAnnouncingMoreThanTheBodyLimitIsRefusedBeforeItsBody() async throws {
    defer { server.stop() }
    server.inject(.endlessBody(announcedLength: 100_000_000), into: CatalogAPI.Path.artists)
    var configuration = testConfiguration()
    configuration.maximumBodyBytes = 65_536
    let api = try services(configuration).musicAPI
    let reason = await unavailableReason { () async throws(MusicAPIError) in try await api.allArtists() }
    #expect(
      reason == "the server's answer to GET /v1/artists announces 100000000 bytes, more than the limit of 65536 bytes")
  }

  @Test func anAnswerThatNeverEndsIsCutAtTheBodyLimit() async throws {
    defer { server.stop() }
    server.inject(.endlessBody(announcedLength: nil), into: CatalogAPI.Path.artists)
    var configuration = testConfiguration()
    configuration.maximumBodyBytes = 65_536
    let api = try services(configuration).musicAPI
    let reason = await unavailableReason { () async throws(MusicAPIError) in try await api.allArtists() }
    #expect(reason == "the server's answer to GET /v1/artists is larger than the limit of 65536 bytes")
  }

  @Test func aFeedEventLargerThanTheEventLimitEndsTheFeed() async throws {
    defer { server.stop() }
    var configuration = testConfiguration()
    configuration.maximumEventBytes = 1_024
    let manager = try await services(configuration).connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    // One line that never ends, as far as the limit is concerned.
    server.sendOnFeeds("event: favourite\ndata: " + String(repeating: "x", count: 4_096))
    #expect(
      await states.first(where: \.isDisconnected)
        == .disconnected(
          reason: "server at http://127.0.0.1:\(server.baseURL.port ?? 0) sent a feed event larger than 1024 bytes"))
  }

  // MARK: Streams are the server's

  @Test func aTrackWhoseStreamIsALocalFileIsRefusedWhereverTracksArrive() async throws {
    let artist = Artist.fixture(id: "a", name: "A")
    let local = Track.fixture(
      id: "local", streamURL: URL(string: "file:///etc/passwd")!, artistID: artist.id)
    var catalog = StubCatalogServer.Catalog()
    catalog.artists = [artist]
    catalog.tracks = [artist.id: [local]]
    catalog.playlists = [Playlist.fixture(id: "p", name: "P", tracks: [local])]
    let server = try StubCatalogServer(catalog: catalog)
    defer { server.stop() }
    let services = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration())
    let pageReason = await unavailableReason { () async throws(MusicAPIError) in
      try await services.musicAPI.tracks(ofArtist: artist.id, page: TrackPageRequest(limit: 50))
    }
    #expect(
      pageReason
        == "the server sent track 'local' of /v1/artists/a/tracks with the stream URL file:///etc/passwd: "
        + "a server's streams must be http or https URLs")
    let lookupReason = await unavailableReason { () async throws(MusicAPIError) in
      try await services.musicAPI.tracks(withIDs: ["local"])
    }
    #expect(lookupReason.contains("file:///etc/passwd: a server's streams must be http or https URLs"))
    let error = await #expect(throws: PlaylistAPIError.self) { try await services.playlistAPI.playlist(withID: "p") }
    #expect(error?.description.contains("file:///etc/passwd") == true)
    let featuring = await #expect(throws: PlaylistAPIError.self) {
      try await services.playlistAPI.playlists(featuring: artist.id)
    }
    #expect(featuring?.description.contains("file:///etc/passwd") == true)
  }
}

/// A server on another port of 127.0.0.1 (another origin) that answers every request with an empty artist
/// list and records its method, path and `Authorization` header.
final class RecordingServer: Sendable {
  private let recorded = Locked<[String]>([])
  private let http: LoopbackHTTPServer

  init() throws {
    let recorded = recorded
    http = try LoopbackHTTPServer { request, connection in
      recorded.withLock { $0.append("\(request.method) \(request.path) \(request.headers["authorization"] ?? "-")") }
      connection.respond(status: 200, contentType: CatalogJSON.contentType, body: Data(#"{"artists":[]}"#.utf8))
    }
  }

  /// `method path authorization` of each request that reached it.
  var requests: [String] { recorded.withLock { $0 } }

  func url(_ path: String) -> URL { http.url(path) }
}
