import Domain
import Foundation
import Services
import ServicesRemote
import Testing

@Suite struct RemoteMusicAPITests {
  @Test func anArtistComesBackAsTheServerHasIt() async throws {
    let server = try StubCatalogServer()
    defer { server.stop() }
    let services = try RemoteServices(baseURL: server.baseURL)
    let artist = try await services.musicAPI.artist(withID: "neon harbour/1")
    #expect(artist == server.catalog.artists[1])
  }
}
