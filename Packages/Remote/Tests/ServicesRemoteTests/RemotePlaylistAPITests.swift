import Domain
import Services
import ServicesRemote
import Testing

@Suite(.timeLimit(.minutes(5))) struct RemotePlaylistAPITests {
  let server: StubCatalogServer
  let api: RemotePlaylistAPI

  init() throws {
    server = try StubCatalogServer()
    api = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration()).playlistAPI
  }

  @Test func playlistsFeaturingAnArtistComeOrderedByName() async throws {
    defer { server.stop() }
    #expect(try await api.playlists(featuring: "neon harbour/1").map(\.id) == ["all", "late"])
  }

  @Test func anArtistTheServerDoesNotKnowHasNoPlaylistsAsInTheEmbeddedCatalog() async throws {
    defer { server.stop() }
    #expect(try await api.playlists(featuring: "nobody").isEmpty)
  }

  @Test func aPlaylistComesWithItsTracksAndAnUnknownOneIsNotFound() async throws {
    defer { server.stop() }
    #expect(try await api.playlist(withID: "late") == server.catalog.playlists[0])
    await #expect(throws: PlaylistAPIError.playlistNotFound("gone")) { try await api.playlist(withID: "gone") }
  }

  @Test func aServerFailureIsUnavailableWithTheServersReason() async throws {
    defer { server.stop() }
    server.inject(.status(503, detail: "database unavailable"), into: "/v1/playlists/late")
    await #expect(throws: PlaylistAPIError.unavailable(reason: "the server answered 503: database unavailable")) {
      try await api.playlist(withID: "late")
    }
  }
}
