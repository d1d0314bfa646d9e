import CatalogAPI
import Foundation
import HumbleServer
import HumbleServerTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct FeedLimitsTests {
  @Test(arguments: StoreBackend.allCases)
  func aFeedPastTheUsersLimitIsRefusedWith429UntilOneCloses(_ backend: StoreBackend) async throws {
    let twoFeedsEach: (inout HumbleServer.Configuration) -> Void = { $0.maximumFeedsPerUser = 2 }
    // A keep-alive every 50 ms, so that Retry-After is its shortest (1 s).
    try await TestServer.with(backend, keepAliveInterval: .milliseconds(50), configure: twoFeedsEach) { server in
      let ada = [("Authorization", "Bearer \(server.adaToken)")]
      let first = try await server.client.stream(CatalogAPI.Path.favouriteEvents, headers: ada)
      let second = try await server.client.stream(CatalogAPI.Path.favouriteEvents, headers: ada)
      defer { second.close() }
      #expect(try await first.nextLine() == "event: ready")
      #expect(try await second.nextLine() == "event: ready")

      let refused = try await server.client.stream(CatalogAPI.Path.favouriteEvents, headers: ada)
      defer { refused.close() }
      #expect(refused.status == 429)
      // One keep-alive interval, rounded up to a whole second.
      #expect(refused.headers.first(name: "Retry-After") == "1")
      #expect(refused.headers.first(name: "Content-Type") == CatalogJSON.problemContentType)
      // The limit is Ada's: Bob still opens one.
      let bobs = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.bobToken)")])
      defer { bobs.close() }
      #expect(bobs.status == 200)
      #expect(try await bobs.nextLine() == "event: ready")

      first.close()
      await server.server.waitUntilOpenFeeds(atMost: 2)
      let again = try await server.client.stream(CatalogAPI.Path.favouriteEvents, headers: ada)
      defer { again.close() }
      #expect(again.status == 200)
      #expect(try await again.nextLine() == "event: ready")
    }
  }

  @Test func aFeedWhoseClientGoesAwayLeavesTheRegistryAtOnceWithoutAKeepAlive() async throws {
    // No keep-alive during the test: before, a gone client's feed stayed until a keep-alive failed to reach it.
    try await TestServer.with(keepAliveInterval: .seconds(3_600)) { server in
      let feed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      #expect(try await feed.nextLine() == "event: ready")
      #expect(server.server.openFeedCount == 1)
      feed.close()
      try await within(.seconds(60), "the end of the feed whose client went away") {
        await server.server.waitUntilOpenFeeds(atMost: 0)
      }
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func aFeedThatFallsBehindItsQueueEndsAndItsClientReadsTheStateAgain(_ backend: StoreBackend) async throws {
    // No keep-alive during the test: it would take a place in the queue.
    let twoEventsQueued: (inout HumbleServer.Configuration) -> Void = { $0.feedQueueLimit = 2 }
    try await TestServer.with(backend, keepAliveInterval: .seconds(3_600), configure: twoEventsQueued) { server in
      let feed = try await server.server.openUnreadFeed(token: server.adaToken, store: server.store)
      // Three changes while nobody reads the feed: its queue holds two, so the third ends it.
      for track in ["solo-1", "solo-2", "solo-3"] {
        try await server.send(.PUT, CatalogAPI.Path.favourite(track), token: server.adaToken)
      }
      await server.server.waitUntilOpenFeeds(atMost: 0)
      #expect(await feed.versionsUntilItEnds() == [1, 2])
      // Reconnecting, the client reads everything: nothing was lost.
      let favourites = try await server.get(
        FavouritesBody.self, CatalogAPI.Path.favourites, token: server.adaToken)
      #expect(favourites.version == 3)
      #expect(favourites.trackIDs == ["solo-1", "solo-2", "solo-3"])
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func aFeedWhoseClientDoesNotReadHoldsOneKeepAliveHoweverManyTicksPass(_ backend: StoreBackend) async throws {
    let threeQueued: (inout HumbleServer.Configuration) -> Void = { $0.feedQueueLimit = 3 }
    try await TestServer.with(backend, keepAliveInterval: .seconds(3_600), configure: threeQueued) { server in
      let feed = try await server.server.openUnreadFeed(token: server.adaToken, store: server.store)
      // Five ticks: before, their keep-alives filled the queue of three and the fourth ended the feed.
      for _ in 0..<5 { server.server.sendKeepAlivesNow() }
      #expect(server.server.openFeedCount == 1)
      // One keep-alive and two changes fill the queue; the third change ends the feed.
      for track in ["solo-1", "solo-2", "solo-3"] {
        try await server.send(.PUT, CatalogAPI.Path.favourite(track), token: server.adaToken)
      }
      await server.server.waitUntilOpenFeeds(atMost: 0)
      #expect(await feed.itemsUntilItEnds() == [.keepAlive, .favourite(version: 1), .favourite(version: 2)])
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func revokingATokenEndsItsOpenFeedsAndOnlyThose(_ backend: StoreBackend) async throws {
    // The server checks the tokens of open feeds at every keep-alive: often, here.
    try await TestServer.with(backend, keepAliveInterval: .milliseconds(20)) { server in
      let adas = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      let bobs = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.bobToken)")])
      defer {
        adas.close()
        bobs.close()
      }
      #expect(try await adas.nextLine() == "event: ready")
      #expect(try await bobs.nextLine() == "event: ready")
      #expect(try await server.store.revokeToken(ofUserNamed: "ada"))
      // Ada's feed ends (its data line, then the end); before, it outlived its token.
      #expect(try await adas.nextLine() == #"data: {"version":0}"#)
      #expect(try await adas.nextLine() == nil)
      await server.server.waitUntilOpenFeeds(atMost: 1)
      // Bob's still carries his changes.
      try await server.send(.PUT, CatalogAPI.Path.favourite("solo-2"), token: server.bobToken)
      #expect(try await bobs.nextLine() == #"data: {"version":0}"#)
      #expect(try await bobs.nextLine() == "event: favourite")
    }
  }
}
