import CatalogAPI
import Domain
import Foundation
import Services
import Synchronization
import Testing

@testable import ServicesRemote

/// The live feed that keeps the favourites current: other clients' changes, drops, catch-up and order.
@Suite(.timeLimit(.minutes(5))) struct RemoteFavouritesFeedTests {
  let server: StubCatalogServer
  let services: RemoteServices

  private var serverName: String { "http://127.0.0.1:\(server.baseURL.port ?? 0)" }

  init() throws {
    server = try StubCatalogServer()
    services = try RemoteServices(
      baseURL: server.baseURL, token: StubCatalogServer.token, configuration: testConfiguration())
  }

  @Test func aChangeMadeByAnotherClientArrivesOnTheFeed() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let changes = manager.changes()
    server.setFavourite(true, "n1")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n1", isFavourited: true))
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n1"])
  }

  @Test func aChangeMadeWhileTheFeedIsDownIsCaughtUpOnReconnection() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    let changes = manager.changes()
    let held = server.heldRequests()
    server.holdFeeds(true)
    server.dropFeeds()
    _ = await states.first(where: \.isDisconnected)
    // The reconnection waits at the server, so the change below cannot reach the client as an event.
    _ = await held.first { $0 == CatalogAPI.Path.favouriteEvents }
    server.setFavourite(true, "n2")
    server.holdFeeds(false)
    #expect(await states.first(where: \.isConnected) == .connected(version: 1))
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n2"])
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n2", isFavourited: true))
  }

  @Test func aListReadBeforeANewerEventDoesNotUndoIt() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    let changes = manager.changes()
    let held = server.heldRequests()
    // The catch-up list after the reconnection is made at version 0, then held while n1 is favourited.
    server.inject(.hold, into: CatalogAPI.Path.favourites)
    server.dropFeeds()
    _ = await states.first(where: \.isDisconnected)
    _ = await held.first { $0 == CatalogAPI.Path.favourites }
    server.setFavourite(true, "n1")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n1", isFavourited: true))
    server.releaseHeld()
    #expect(await states.first(where: \.isConnected) == .connected(version: 1))
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n1"])
    server.setFavourite(true, "n2")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n2", isFavourited: true))
  }

  @Test func anOldEventReplayedOnReconnectionDoesNotUndoNewerState() async throws {
    defer { server.stop() }
    let favourited = server.setFavourite(true, "n0")
    server.setFavourite(false, "n0")
    server.replayOnConnect([favourited])
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    let changes = manager.changes()
    server.dropFeeds()
    _ = await states.first(where: \.isDisconnected)
    #expect(await states.first(where: \.isConnected) == .connected(version: 2))
    let favourites = manager.favouritedTrackIDs
    #expect(favourites.isEmpty)
    server.setFavourite(true, "n1")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n1", isFavourited: true))
  }

  @Test func aFeedTheServerRefusesWith503IsRetriedUntilConnected() async throws {
    defer { server.stop() }
    // Held at the server, the refusal cannot come before this test is listening for it.
    server.holdFeeds(true)
    server.inject(.status(503, detail: "feed paused"), into: CatalogAPI.Path.favouriteEvents)
    let manager = try await services.openFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    server.holdFeeds(false)
    #expect(
      await states.first(where: \.isDisconnected) == .disconnected(reason: "the server answered 503: feed paused"))
    #expect(await states.first(where: \.isConnected) == .connected(version: 0))
    #expect(server.requests.filter { $0 == CatalogAPI.Path.favouriteEvents }.count == 2)
  }

  @Test func aFeedTheServerClosesIsToldAndReconnected() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    server.dropFeeds()
    #expect(
      await states.first(where: \.isDisconnected) == .disconnected(reason: "server at \(serverName) closed the feed"))
    #expect(await states.first(where: \.isConnected) == .connected(version: 0))
  }

  @Test func aMalformedEventDropsTheFeedWhichReconnects() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    server.sendOnFeeds("event: favourite\ndata: {\"trackID\": \"n0\"}\n\n")
    #expect(
      await states.first(where: \.isDisconnected)
        == .disconnected(reason: "the server sent a malformed favourite event: no 'isFavourited' at the top level"))
    #expect(await states.first(where: \.isConnected) == .connected(version: 0))
  }

  @Test func aFeedOfAnotherContentTypeIsRefusedAndRetried() async throws {
    defer { server.stop() }
    server.holdFeeds(true)
    server.inject(.contentType("text/html"), into: CatalogAPI.Path.favouriteEvents)
    let manager = try await services.openFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    server.holdFeeds(false)
    #expect(
      await states.first(where: \.isDisconnected)
        == .disconnected(reason: "the server sent text/html for its feed, expected text/event-stream"))
    #expect(await states.first(where: \.isConnected) == .connected(version: 0))
  }

  @Test func aCatchUpThatFailsDropsTheFeedWhichRetries() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let states = manager.feedStates()
    server.inject(.status(500, detail: "database locked"), into: CatalogAPI.Path.favourites)
    server.dropFeeds()
    let failed = await states.first { state in
      guard case .disconnected(let reason) = state else { return false }
      return reason.hasPrefix("the feed could not catch up")
    }
    #expect(failed == .disconnected(reason: "the feed could not catch up: the server answered 500: database locked"))
    #expect(await states.first(where: \.isConnected) == .connected(version: 0))
  }

  @Test func everyDropAfterACatchUpStartsTheBackoffAgain() async throws {
    defer { server.stop() }
    // Waits of 1 ms, 10 ms, 100 ms…: the attempt number shows in the wait the backoff chose.
    let backoff = FeedBackoff(initial: .milliseconds(1), maximum: .seconds(100), multiplier: 10, jitter: 0)
    let services = try RemoteServices(
      baseURL: server.baseURL, token: StubCatalogServer.token,
      configuration: RemoteConfiguration(requestTimeout: .seconds(300), feedBackoff: backoff))
    // The feed records each wait instead of sleeping through it.
    let waits = Mutex<[Wait]>([])
    let manager = try await services.openFavourites { attempt, delay in
      waits.withLock { $0.append(Wait(attempt: attempt, delay: delay)) }
    }
    defer { manager.close() }
    let states = manager.feedStates()
    _ = await states.first(where: \.isConnected)
    // Two catch-ups fail, so the third reconnection is a third attempt in a row; then each drop after a
    // catch-up starts again from the first.
    server.inject(
      .status(500, detail: "database locked"), .status(500, detail: "database locked"),
      into: CatalogAPI.Path.favourites)
    for _ in 1...3 {
      server.dropFeeds()
      _ = await states.first(where: \.isDisconnected)
      #expect(await states.first(where: \.isConnected) == .connected(version: 0))
    }
    // Each wait comes before the reconnection that led to the state awaited above.
    #expect(
      waits.withLock { $0 } == [
        Wait(attempt: 0, delay: .milliseconds(1)), Wait(attempt: 1, delay: .milliseconds(10)),
        Wait(attempt: 2, delay: .milliseconds(100)), Wait(attempt: 0, delay: .milliseconds(1)),
        Wait(attempt: 0, delay: .milliseconds(1)),
      ])
  }

  /// One wait the feed's backoff chose before a reconnection.
  private struct Wait: Equatable {
    var attempt: Int
    var delay: Duration
  }
}
