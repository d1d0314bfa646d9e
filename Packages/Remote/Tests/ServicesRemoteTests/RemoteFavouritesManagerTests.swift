import CatalogAPI
import Domain
import Foundation
import Services
import ServicesRemote
import Testing

@Suite(.timeLimit(.minutes(1))) struct RemoteFavouritesManagerTests {
  let server: StubCatalogServer
  let services: RemoteServices

  init() throws {
    server = try StubCatalogServer()
    services = try RemoteServices(
      baseURL: server.baseURL, token: StubCatalogServer.token, configuration: testConfiguration())
  }

  /// Opens the manager and waits until its feed has caught up with the server.
  private func connectedManager() async throws -> RemoteFavouritesManager {
    let manager = try await services.openFavourites()
    _ = await manager.feedStates().first(where: \.isConnected)
    return manager
  }

  @Test func withoutATokenFavouritesFailAtOnceSayingATokenIsNeeded() async throws {
    defer { server.stop() }
    let anonymous = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration())
    let error = await #expect(throws: FavouritesError.self) { try await anonymous.openFavourites() }
    guard case .storage(let reason)? = error else { return }
    #expect(reason.contains("no token was given"))
    #expect(!reason.contains("\n"))
    #expect(server.requests.isEmpty)
  }

  @Test func aTokenTheServerRejectsFailsWithItsOneLineReason() async throws {
    defer { server.stop() }
    let stranger = try RemoteServices(
      baseURL: server.baseURL, token: "mallory-token", configuration: testConfiguration())
    await #expect(throws: FavouritesError.storage(reason: "the server answered 401: no valid bearer token")) {
      try await stranger.openFavourites()
    }
  }

  @Test func aRefusedChangeFailsWithTheServersReasonAndChangesNothing() async throws {
    defer { server.stop() }
    let manager = try await connectedManager()
    defer { manager.close() }
    server.inject(.status(401, detail: "token revoked\nsign in again"), into: CatalogAPI.Path.favourite("n0"))
    await #expect(throws: FavouritesError.storage(reason: "the server answered 401: token revoked sign in again")) {
      try await manager.favourite("n0")
    }
    let favourites = manager.favouritedTrackIDs
    #expect(favourites.isEmpty)
    #expect(server.favouritesVersion == 0)
  }

  @Test func favouritingSendsOneRequestAndIsAnnouncedOnceThoughTheFeedEchoesIt() async throws {
    defer { server.stop() }
    let manager = try await connectedManager()
    let changes = manager.changes()
    try await manager.favourite("n0")
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n0"])
    // The echo of n0 (version 1) comes on the feed before this change (version 2): once this one is heard,
    // any second announcement of n0 would already be in the stream.
    let later = manager.changes()
    server.setFavourite(true, "n1")
    _ = await later.first { $0.trackID == "n1" }
    manager.close()
    var heard: [FavouriteChange] = []
    for await change in changes { heard.append(change) }
    #expect(
      heard == [FavouriteChange(trackID: "n0", isFavourited: true), FavouriteChange(trackID: "n1", isFavourited: true)])
    #expect(server.requests.filter { $0 == CatalogAPI.Path.favourite("n0") }.count == 1)
  }

  @Test func aChangeMadeByAnotherClientArrivesOnTheFeed() async throws {
    defer { server.stop() }
    let manager = try await connectedManager()
    defer { manager.close() }
    let changes = manager.changes()
    server.setFavourite(true, "n1")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n1", isFavourited: true))
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n1"])
  }

  @Test func aChangeMadeWhileTheFeedIsDownIsCaughtUpOnReconnection() async throws {
    defer { server.stop() }
    let manager = try await connectedManager()
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
    let manager = try await connectedManager()
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
    let manager = try await connectedManager()
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

  @Test func closingEndsTheStreamsAndLetsTheFeedConnectionGo() async throws {
    defer { server.stop() }
    let manager = try await connectedManager()
    let states = manager.feedStates()
    let changes = manager.changes()
    let openFeeds = server.openFeedCounts()
    #expect(await openFeeds.first { _ in true } == 1)
    manager.close()
    var heard: [FeedState] = []
    for await state in states { heard.append(state) }
    #expect(heard.last == .closed)
    for await change in changes { Issue.record("a change after closing: \(change)") }
    #expect(await openFeeds.first { $0 == 0 } == 0)
    let stateNow = manager.feedState
    #expect(stateNow == .closed)
    let lateStates = manager.feedStates()
    #expect(await lateStates.first { _ in true } == .closed)
  }
}
