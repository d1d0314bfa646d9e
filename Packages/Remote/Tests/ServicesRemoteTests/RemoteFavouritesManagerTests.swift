import CatalogAPI
import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesRemote
import Testing

/// The favourites manager's own requests, its announcements and its life cycle.
@Suite(.timeLimit(.minutes(5))) struct RemoteFavouritesManagerTests {
  let server: StubCatalogServer
  let services: RemoteServices

  init() throws {
    server = try StubCatalogServer()
    services = try RemoteServices(
      baseURL: server.baseURL, token: StubCatalogServer.token, configuration: testConfiguration())
  }

  @Test func withoutATokenFavouritesFailAtOnceAsSignedOut() async throws {
    defer { server.stop() }
    let anonymous = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration())
    await #expect(throws: FavouritesError.signedOut) { try await anonymous.openFavourites() }
    #expect(server.requests.isEmpty)
  }

  @Test func aTokenTheServerRejectsFailsWithItsOneLineReason() async throws {
    defer { server.stop() }
    let stranger = try RemoteServices(
      baseURL: server.baseURL, token: "mallory-token", configuration: testConfiguration())
    await #expect(
      throws: FavouritesError.rejected(status: 401, reason: "the server answered 401: no valid bearer token")
    ) {
      try await stranger.openFavourites()
    }
  }

  @Test func aServerThatCannotBeReachedFailsAsUnreachableNamingIt() async throws {
    defer { server.stop() }
    let port = try LoopbackHTTPServer.closedPort()
    let nowhere = try RemoteServices(
      baseURL: URL(string: "http://127.0.0.1:\(port)/")!, token: StubCatalogServer.token,
      configuration: testConfiguration())
    await #expect(
      throws: FavouritesError.unreachable(reason: "server at http://127.0.0.1:\(port) refused the connection")
    ) { try await nowhere.openFavourites() }
  }

  @Test func aRefusedChangeFailsWithTheServersReasonAndChangesNothing() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    server.inject(.status(401, detail: "token revoked\nsign in again"), into: CatalogAPI.Path.favourite("n0"))
    await #expect(
      throws: FavouritesError.rejected(status: 401, reason: "the server answered 401: token revoked sign in again")
    ) {
      try await manager.favourite("n0")
    }
    let favourites = manager.favouritedTrackIDs
    #expect(favourites.isEmpty)
    #expect(server.favouritesVersion == 0)
  }

  @Test func favouritingSendsOneRequestAndIsAnnouncedOnceThoughTheFeedEchoesIt() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
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

  @Test func closingEndsTheStreamsAndLetsTheFeedConnectionGo() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
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

  @Test func unfavouritingDeletesOnTheServerAndIsAnnounced() async throws {
    defer { server.stop() }
    server.setFavourite(true, "n0")
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let changes = manager.changes()
    try await manager.unfavourite("n0")
    #expect(await changes.first { _ in true } == FavouriteChange(trackID: "n0", isFavourited: false))
    let states = manager.favouriteStates(of: ["n0", "n1"])
    #expect(states == [false, false])
    #expect(server.favouritesVersion == 2)
  }

  @Test func aFavouriteAskedForByACancelledCallerStillLandsAndIsKept() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let held = server.heldRequests()
    server.inject(.hold, into: CatalogAPI.Path.favourite("n0"))
    let call = Task { try await manager.favourite("n0") }
    _ = await held.first { _ in true }
    call.cancel()
    server.releaseHeld()
    try await call.value
    let favourites = manager.favouritedTrackIDs
    #expect(favourites == ["n0"])
  }

  @Test func anAnswerAboutAnotherTrackIsRefused() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let otherTrack = #"{"trackID": "n1", "isFavourited": true, "version": 1}"#
    server.inject(.malformedJSON(otherTrack), into: CatalogAPI.Path.favourite("n0"))
    await #expect(
      throws: FavouritesError.invalidAnswer(
        reason: "the server answered for /v1/me/favourites/n0 with track 'n1' favourited")
    ) { try await manager.favourite("n0") }
    let favourites = manager.favouritedTrackIDs
    #expect(favourites.isEmpty)
  }

  @Test func aTrackIDHoldingNULIsRefusedWithoutAsking() async throws {
    defer { server.stop() }
    let manager = try await services.connectedFavourites()
    defer { manager.close() }
    let asked = server.requests
    await #expect(throws: FavouritesError.invalidTrackID("a\0b")) {
      try await manager.favourite("a\0b")
    }
    #expect(server.requests == asked)
  }

  @Test func aChangeMadeThroughOneManagerReachesAnother() async throws {
    defer { server.stop() }
    let here = try await services.connectedFavourites()
    defer { here.close() }
    let elsewhere = try await RemoteServices(
      baseURL: server.baseURL, token: StubCatalogServer.token, configuration: testConfiguration()
    ).connectedFavourites()
    defer { elsewhere.close() }
    let heard = elsewhere.changes()
    try await here.favourite("n2")
    #expect(await heard.first { _ in true } == FavouriteChange(trackID: "n2", isFavourited: true))
    let favourites = elsewhere.favouritedTrackIDs
    #expect(favourites == ["n2"])
  }

  @Test func aManagerLetGoOfClosesItsFeedConnection() async throws {
    defer { server.stop() }
    let openFeeds = server.openFeedCounts()
    do {
      let manager = try await services.connectedFavourites()
      _ = manager.feedState
    }
    #expect(await openFeeds.first { $0 == 1 } == 1)
    #expect(await openFeeds.first { $0 == 0 } == 0)
  }
}
