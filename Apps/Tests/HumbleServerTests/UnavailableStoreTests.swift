import CatalogAPI
import Domain
import Foundation
import HumbleServer
import Logging
import Services
import Testing

/// A database that fails is a 503 that says to try again, never a 500; its reason goes to the log only.
@Suite(.timeLimit(.minutes(5))) struct UnavailableStoreTests {
  /// A store whose every call fails as a database that cannot be read does.
  struct FailingStore: CatalogStore {
    static let failure = CatalogStoreError.unavailable(reason: "the disk is gone")
    func allArtists() async throws(CatalogStoreError) -> [Artist] { throw Self.failure }
    func artists(matching query: String) async throws(CatalogStoreError) -> [Artist] { throw Self.failure }
    func artist(withID id: Artist.ID) async throws(CatalogStoreError) -> Artist { throw Self.failure }
    func tracks(ofArtist id: Artist.ID, page: TrackPageRequest) async throws(CatalogStoreError) -> TrackPage {
      throw Self.failure
    }
    func relatedArtists(of id: Artist.ID) async throws(CatalogStoreError) -> [Artist] { throw Self.failure }
    func playlists(featuring id: Artist.ID) async throws(CatalogStoreError) -> [Playlist] { throw Self.failure }
    func playlist(withID id: Playlist.ID) async throws(CatalogStoreError) -> Playlist { throw Self.failure }
    func track(withID id: Track.ID) async throws(CatalogStoreError) -> Track { throw Self.failure }
    func addUser(name: String, tokenHash: String) async throws(CatalogStoreError) -> ServerUser { throw Self.failure }
    func user(withTokenHash tokenHash: String) async throws(CatalogStoreError) -> ServerUser? { throw Self.failure }
    func users() async throws(CatalogStoreError) -> [UserRecord] { throw Self.failure }
    func revokeToken(ofUserNamed name: String) async throws(CatalogStoreError) -> Bool { throw Self.failure }
    func replaceToken(ofUserNamed name: String, tokenHash: String) async throws(CatalogStoreError) {
      throw Self.failure
    }
    func favourites(of user: ServerUser) async throws(CatalogStoreError) -> FavouritesState { throw Self.failure }
    func setFavourited(
      _ isFavourited: Bool, trackID: Track.ID, for user: ServerUser
    ) async throws(CatalogStoreError) -> FavouriteEvent { throw Self.failure }
    func favouriteEvents() -> AsyncStream<FavouriteEvent> { AsyncStream { $0.finish() } }
  }

  @Test(arguments: [
    "/v1/artists", "/v1/artists?query=a", "/v1/artists/a", "/v1/artists/a/tracks", "/v1/artists/a/related",
    "/v1/artists/a/playlists", "/v1/playlists/p", "/v1/tracks/t/stream", "/v1/me/favourites",
  ])
  func everyEndpointAnswers503AndLogsTheReason(target: String) async throws {
    let log = LogRecorder()
    let server = try await HumbleServer.start(store: FailingStore(), configuration: .init(logger: log.logger))
    let client = HTTPTestClient(url: server.url)
    let response = try await client.send(.GET, target, headers: [("Authorization", "Bearer hmb_x")])
    try await server.shutdown()
    #expect(response.status == 503)
    let path = String(target.prefix { $0 != "?" })
    let contract = try TestServer.contract.get()
    #expect(
      contract.violations(
        method: "GET", path: path, status: 503, contentType: response.header("Content-Type"), body: response.body)
        == [])
    let problem = try CatalogJSON.decoder().decode(Problem.self, from: response.body)
    #expect(problem.detail == "The catalog is unavailable; try again.")
    #expect(!response.text.contains("the disk is gone"))
    let requestID = try #require(problem.requestID)
    #expect(response.header("X-Request-ID") == requestID)
    let logged = log.entries(forRequestID: requestID)
    #expect(logged.contains { $0.level == .error && $0.message.contains("the disk is gone") }, "\(logged)")
  }

  @Test func aTrackLookupAnswers503AndLogsTheReason() async throws {
    var logger = Logger(label: "humble-server-tests")
    logger.logLevel = .warning
    let server = try await HumbleServer.start(store: FailingStore(), configuration: .init(logger: logger))
    let client = HTTPTestClient(url: server.url)
    let response = try await client.send(
      .POST, CatalogAPI.Path.trackLookup, headers: [("Content-Type", "application/json")],
      body: Data(#"{"ids": ["t"]}"#.utf8))
    try await server.shutdown()
    #expect(response.status == 503)
    let problem = try CatalogJSON.decoder().decode(Problem.self, from: response.body)
    #expect(problem.detail == "The catalog is unavailable; try again.")
    #expect(!response.text.contains("the disk is gone"))
  }
}
