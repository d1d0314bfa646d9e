import CatalogAPI
import Domain
import Foundation
import HumbleServer
import Testing

@Suite struct CatalogEndpointTests {
  @Test func everyArtistComesOrderedByName() async throws {
    try await TestServer.with { server in
      let list = try await server.get(ArtistList.self, CatalogAPI.Path.artists)
      #expect(list.artists.map(\.id) == ["empty", "many", "other", "solo"])
    }
  }
}
