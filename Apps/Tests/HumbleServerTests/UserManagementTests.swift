import CatalogAPI
import Foundation
import HumbleServer
import Testing

@Suite(.timeLimit(.minutes(5))) struct UserManagementTests {
  @Test(arguments: StoreBackend.allCases)
  func aRevokedTokenNoLongerAuthenticatesAndTheUsersFavouritesStay(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      try await server.send(.PUT, CatalogAPI.Path.favourite("solo-1"), token: server.adaToken)
      #expect(try await server.store.revokeToken(ofUserNamed: "ada"))
      try await server.problem(.GET, CatalogAPI.Path.favourites, status: 401, token: server.adaToken)
      try await server.problem(.PUT, CatalogAPI.Path.favourite("solo-2"), status: 401, token: server.adaToken)
      // Bob is untouched.
      _ = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: server.bobToken)

      let users = try await server.store.users()
      #expect(users.map(\.name) == ["ada", "bob"])
      #expect(users.map(\.favouriteCount) == [1, 0])
      #expect(users[0].revokedAt != nil)
      #expect(users[1].revokedAt == nil)
      // Revoking again changes nothing, and says so.
      #expect(try await server.store.revokeToken(ofUserNamed: "ada") == false)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func aNewTokenReplacesTheOldOneAndKeepsTheFavourites(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      try await server.send(.PUT, CatalogAPI.Path.favourite("solo-1"), token: server.adaToken)
      _ = try await server.store.revokeToken(ofUserNamed: "ada")
      let token = try await HumbleServer.replaceToken(ofUserNamed: "ada", in: server.store)
      #expect(token != server.adaToken)
      let favourites = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: token)
      #expect(favourites.trackIDs == ["solo-1"])
      try await server.problem(.GET, CatalogAPI.Path.favourites, status: 401, token: server.adaToken)
      #expect(try await server.store.users().first?.revokedAt == nil)
      // Bob's token, replaced without a revocation, stops working too.
      let bobs = try await HumbleServer.replaceToken(ofUserNamed: "bob", in: server.store)
      try await server.problem(.GET, CatalogAPI.Path.favourites, status: 401, token: server.bobToken)
      _ = try await server.get(FavouritesBody.self, CatalogAPI.Path.favourites, token: bobs)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func revokingOrRenewingAnUnknownUserFailsNamingThem(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      await #expect(throws: CatalogStoreError.userNotFound("cy")) {
        try await server.store.revokeToken(ofUserNamed: "cy")
      }
      await #expect(throws: CatalogStoreError.userNotFound("cy\u{0}")) {
        try await server.store.revokeToken(ofUserNamed: "cy\u{0}")
      }
      await #expect(throws: CatalogStoreError.userNotFound("cy")) {
        try await HumbleServer.replaceToken(ofUserNamed: "cy", in: server.store)
      }
      #expect("\(CatalogStoreError.userNotFound("cy"))" == "No user named 'cy'.")
      let users = try await server.store.users()
      #expect(users.allSatisfy { $0.revokedAt == nil })
    }
  }
}
