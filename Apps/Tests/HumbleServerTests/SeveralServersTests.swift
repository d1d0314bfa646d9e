import CatalogAPI
import Foundation
import HumbleServer
import HumbleServerTestSupport
import Testing

/// Several `humble-server`s over one PostgreSQL database serve the same catalog and the same favourites, and
/// a change made through one reaches the live feeds of every other (`LISTEN`/`NOTIFY`).
@Suite(.timeLimit(.minutes(5))) struct SeveralServersTests {
  @Test func twoServersServeTheSameDataAndAFavouriteReachesTheOthersFeed() async throws {
    try await Self.withTwoServers { servers, first, second in
      let token = try await servers.addUser("ada", through: first)
      for target in [CatalogAPI.Path.artists, "/v1/artists/many/tracks?limit=7&offset=3&sort=popular"] {
        let one = try await first.client.send(.GET, target)
        let other = try await second.client.send(.GET, target)
        #expect(one.status == 200)
        // Stream URLs name the server that answered.
        let same = { (response: HTTPTestResponse, server: PostgresServers.Running) in
          response.text.replacingOccurrences(of: server.server.url.absoluteString, with: "SERVER")
        }
        #expect(same(one, first) == same(other, second))
      }
      let authorization = [("Authorization", "Bearer \(token)")]
      let feed = try await second.client.stream(CatalogAPI.Path.favouriteEvents, headers: authorization)
      defer { feed.close() }
      #expect(try await feed.nextLine() == "event: ready")
      #expect(try await feed.nextLine() == #"data: {"version":0}"#)

      let put = try await first.client.send(.PUT, CatalogAPI.Path.favourite("solo-2"), headers: authorization)
      #expect(put.status == 200)
      #expect(try await feed.nextLine() == "event: favourite")
      #expect(try await feed.nextLine() == "id: 1")
      #expect(try await feed.nextLine() == #"data: {"isFavourited":true,"trackID":"solo-2","version":1}"#)
      let listed = try await second.client.send(.GET, CatalogAPI.Path.favourites, headers: authorization)
      #expect(try CatalogJSON.decoder().decode(FavouritesBody.self, from: listed.body).trackIDs == ["solo-2"])
    }
  }

  @Test func aUserAddedThroughOneServerIsKnownToTheOtherAndANameIsTakenOnce() async throws {
    try await Self.withTwoServers { servers, first, second in
      // Each attempt gives a token or is refused as a name taken; any other error fails the test.
      let outcomes = try await withThrowingTaskGroup(of: String?.self) { group in
        for running in [first, second, first, second] {
          group.addTask {
            do {
              return try await servers.addUser("bob", through: running)
            } catch CatalogStoreError.nameTaken("bob") {
              return nil
            }
          }
        }
        return try await group.reduce(into: [String?]()) { $0.append($1) }
      }
      let tokens = outcomes.compactMap { $0 }
      #expect(tokens.count == 1)
      #expect(outcomes.count == 4)
      let token = try #require(tokens.first)
      let response = try await second.client.send(
        .GET, CatalogAPI.Path.favourites, headers: [("Authorization", "Bearer \(token)")])
      #expect(response.status == 200)
    }
  }

  /// Runs `body` with two servers, each with a store of its own, over a fresh database holding the catalog.
  static func withTwoServers(
    _ body: (PostgresServers, PostgresServers.Running, PostgresServers.Running) async throws -> Void
  ) async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresServers.with(location) { servers in
        let first = try await servers.start()
        let second = try await servers.start()
        do {
          try await body(servers, first, second)
        } catch {
          await first.stop()
          await second.stop()
          throw error
        }
        await first.stop()
        await second.stop()
      }
    }
  }
}
