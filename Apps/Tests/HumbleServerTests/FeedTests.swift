import CatalogAPI
import Foundation
import HumbleServer
import Testing

@Suite(.timeLimit(.minutes(5))) struct FeedTests {
  @Test(arguments: StoreBackend.allCases) func aChangeMadeThroughPutReachesItsUsersFeedOnly(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let adaFeed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      let bobFeed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.bobToken)")])
      defer {
        adaFeed.close()
        bobFeed.close()
      }
      #expect(adaFeed.status == 200)
      #expect(adaFeed.headers.first(name: "Content-Type") == CatalogJSON.eventStreamContentType)
      #expect(try await adaFeed.nextLine() == "event: ready")
      #expect(try await adaFeed.nextLine() == #"data: {"version":0}"#)
      #expect(try await bobFeed.nextLine() == "event: ready")
      #expect(try await bobFeed.nextLine() == #"data: {"version":0}"#)

      try await server.send(.PUT, CatalogAPI.Path.favourite("solo-1"), token: server.adaToken)
      #expect(try await adaFeed.nextLine() == "event: favourite")
      #expect(try await adaFeed.nextLine() == "id: 1")
      #expect(try await adaFeed.nextLine() == #"data: {"isFavourited":true,"trackID":"solo-1","version":1}"#)

      // Bob's next event is his own change: Ada's, made before it, never reached his feed.
      try await server.send(.PUT, CatalogAPI.Path.favourite("solo-2"), token: server.bobToken)
      #expect(try await bobFeed.nextLine() == "event: favourite")
      #expect(try await bobFeed.nextLine() == "id: 1")
      #expect(try await bobFeed.nextLine() == #"data: {"isFavourited":true,"trackID":"solo-2","version":1}"#)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aQuietFeedSendsKeepAliveComments(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend, keepAliveInterval: .milliseconds(20)) { server in
      let feed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      defer { feed.close() }
      #expect(try await feed.nextLine() == "event: ready")
      #expect(try await feed.nextLine { $0.hasPrefix(":") } == ": keep-alive")
    }
  }

  @Test(arguments: StoreBackend.allCases) func shutdownEndsAnOpenFeedAndTheServerStops(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let feed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      #expect(try await feed.nextLine() == "event: ready")
      try await server.server.shutdown()
      #expect(try await feed.nextLine() == #"data: {"version":0}"#)
      #expect(try await feed.nextLine() == nil)
    }
  }

  @Test(arguments: StoreBackend.allCases)
  func feedsWhoseClientsWentAwayLeaveTheServer(_ backend: StoreBackend) async throws {
    // The server learns that a client went away when it next writes to it: keep-alives come often here.
    try await TestServer.with(backend, keepAliveInterval: .milliseconds(20)) { server in
      var feeds: [HTTPTestStream] = []
      for index in 0..<20 {
        let token = index.isMultiple(of: 2) ? server.adaToken : server.bobToken
        let feed = try await server.client.stream(
          CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(token)")])
        #expect(try await feed.nextLine() == "event: ready")
        feeds.append(feed)
      }
      #expect(server.server.openFeedCount == 20)
      for feed in feeds { feed.close() }
      // Each feed leaves the registry when it ends; before, a feed's own cleanup replaced the registry's and the
      // count stayed at 20 (and so did the memory each feed held).
      await server.server.waitUntilOpenFeeds(atMost: 0)
      #expect(server.server.openFeedCount == 0)
      // The server still serves a feed.
      let feed = try await server.client.stream(
        CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(server.adaToken)")])
      defer { feed.close() }
      #expect(try await feed.nextLine() == "event: ready")
      #expect(server.server.openFeedCount == 1)
    }
  }
}
