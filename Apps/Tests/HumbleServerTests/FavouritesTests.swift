import CatalogAPI
import Foundation
import Testing

@Suite(.timeLimit(.minutes(5))) struct FavouritesTests {
  @Test(arguments: StoreBackend.allCases) func withoutATokenFavouritesAre401WithABearerChallenge(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      for (method, target) in [
        (NIOHTTPMethod.GET, CatalogAPI.Path.favourites), (.PUT, CatalogAPI.Path.favourite("solo-1")),
        (.DELETE, CatalogAPI.Path.favourite("solo-1")), (.GET, CatalogAPI.Path.favouriteEvents),
      ] {
        let (problem, response) = try await server.problem(method, target, status: 401)
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(problem.detail == "The request has no bearer token (Authorization: Bearer TOKEN).")
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func anUnknownOrMalformedTokenIs401(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let (unknown, _) = try await server.problem(.GET, CatalogAPI.Path.favourites, status: 401, token: "hmb_nope")
      #expect(unknown.detail == "The bearer token is not one this server knows.")
      let (malformed, response) = try await server.problem(
        .GET, CatalogAPI.Path.favourites, status: 401, headers: [("Authorization", "Basic YWRhOng=")])
      #expect(malformed.detail == "The Authorization header is not 'Bearer TOKEN'.")
      #expect(response.header("WWW-Authenticate") == "Bearer")
    }
  }

  @Test(arguments: StoreBackend.allCases) func settingAndUnsettingAreIdempotentAndCountVersions(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let ada = server.adaToken
      #expect(try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: ada).version == 0)
      #expect(try await change(.PUT, "solo-2", ada, server) == .init(trackID: "solo-2", isFavourited: true, version: 1))
      #expect(try await change(.PUT, "solo-2", ada, server) == .init(trackID: "solo-2", isFavourited: true, version: 1))
      #expect(try await change(.PUT, "solo-1", ada, server).version == 2)
      let listed = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: ada)
      #expect(listed == FavouritesBody(trackIDs: ["solo-1", "solo-2"], version: 2))
      #expect(
        try await change(.DELETE, "solo-2", ada, server) == .init(trackID: "solo-2", isFavourited: false, version: 3))
      #expect(try await change(.DELETE, "solo-2", ada, server).version == 3)
      #expect(try await change(.DELETE, "nope", ada, server) == .init(trackID: "nope", isFavourited: false, version: 3))
    }
  }

  @Test(arguments: StoreBackend.allCases) func favouritingAnUnknownTrackIs404(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let (problem, _) = try await server.problem(
        .PUT, CatalogAPI.Path.favourite("nope"), status: 404, token: server.adaToken)
      #expect(problem.detail == "No track with ID 'nope' in the catalog.")
      try await server.problem(.PUT, "/v1/me/favourites/a%00", status: 400, token: server.adaToken)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aUserNeverSeesOrChangesAnothersFavourites(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      _ = try await change(.PUT, "solo-1", server.adaToken, server)
      let bobs = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: server.bobToken)
      #expect(bobs == FavouritesBody(trackIDs: [], version: 0))
      #expect(try await change(.DELETE, "solo-1", server.bobToken, server).version == 0)
      let adas = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: server.adaToken)
      #expect(adas == FavouritesBody(trackIDs: ["solo-1"], version: 1))
    }
  }

  private func change(
    _ method: NIOHTTPMethod, _ track: String, _ token: String, _ server: TestServer
  ) async throws -> FavouriteChangeBody {
    let response = try await server.send(method, CatalogAPI.Path.favourite(track), token: token)
    try #require(response.status == 200, "\(response.text)")
    return try CatalogJSON.decoder().decode(FavouriteChangeBody.self, from: response.body)
  }
}
