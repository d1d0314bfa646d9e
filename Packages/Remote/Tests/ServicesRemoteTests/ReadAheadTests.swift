import CatalogAPI
import Domain
import Foundation
import Services
import Testing

@testable import ServicesRemote

/// Pages read ahead of the caller, as the server's `Link` headers name them.
@Suite(.timeLimit(.minutes(5))) struct ReadAheadTests {
  let server: StubCatalogServer
  let services: RemoteServices

  init() throws {
    server = try StubCatalogServer(linksNextPages: true)
    services = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration())
  }

  var prolificTracks: [Track] { server.catalog.tracks["prolific"] ?? [] }

  /// Pages of the largest size: the prolific artist's 12,500 tracks are three.
  let length = TrackPageRequest.maximumLimit

  func page(at offset: Int) -> TrackPageRequest { TrackPageRequest(offset: offset, limit: length) }

  @Test func theNextPageIsAskedForBeforeTheCallerAsksAndTheCallerGetsThatAnswer() async throws {
    defer { server.stop() }
    let path = CatalogAPI.Path.tracks(ofArtist: "prolific")
    server.inject(.pass, .hold, into: path)
    let held = server.heldRequests()
    let first = try await services.musicAPI.tracks(ofArtist: "prolific", page: page(at: 0))
    #expect(first.tracks == Array(prolificTracks[0..<length]))
    // The second page is on its way (held by the server) though nobody has asked for it yet.
    _ = await held.first { $0 == path }
    #expect(server.requests.count == 2)
    async let second = services.musicAPI.tracks(ofArtist: "prolific", page: page(at: length))
    server.releaseHeld()
    #expect(try await second.tracks == Array(prolificTracks[length..<2 * length]))
    let third = try await services.musicAPI.tracks(ofArtist: "prolific", page: page(at: 2 * length))
    #expect(third.tracks == Array(prolificTracks[(2 * length)...]))
    // Each page was asked for once: the caller's second and third were the pages read ahead.
    #expect(server.requests.count == 3)
  }

  @Test func aCallerWhosePagesGrowAndSaySoHasEachPageAfterTheFirstAnsweredByThePageReadAhead() async throws {
    defer { server.stop() }
    let client = services.musicAPI.client
    // The 12,500 tracks in pages of 1,000, 2,000, 4,000, 5,000 and the last 500; the server's `Link` names each
    // next page at this one's length, and each request says the length the next will be asked at.
    let limits = [1_000, 2_000, 4_000, 5_000, 5_000]
    var walked: [Track] = []
    for (number, limit) in limits.enumerated() {
      let nextLimit = number + 1 < limits.count ? limits[number + 1] : limit
      let request = TrackPageRequest(offset: walked.count, limit: limit, nextLimit: nextLimit)
      walked += try await services.musicAPI.tracks(ofArtist: "prolific", page: request).tracks
      guard number + 1 < limits.count else { break }
      // Before the caller asks, the next page is on its way at the length it will be asked at.
      #expect(client.readAheads.holds(try #require(address(offset: walked.count, limit: nextLimit))))
    }
    #expect(walked == prolificTracks)
    #expect(server.requests.count == limits.count, "each page was asked for once: the read-ahead answered it")
  }

  @Test func aPageNobodyClaimsNamesNoPageAfterIt() async throws {
    defer { server.stop() }
    let client = services.musicAPI.client
    _ = try await services.musicAPI.tracks(ofArtist: "prolific", page: page(at: 0))
    // The second page was read ahead when the first one's head arrived, before the call returned. Taken out of
    // the store here, it is a page nobody claims.
    let second = try #require(readAhead(of: client, offset: length))
    guard case .success = await second.outcome.value() else {
      Issue.record("the second page was not read")
      return
    }
    // Its head, which names the third page, came before its answer was settled: the third is not asked for.
    #expect(client.readAheads.count == 0)
    #expect(server.requests.count == 2)
    #expect(try await services.musicAPI.tracks(ofArtist: "prolific") == prolificTracks)
  }

  @Test func aWalkWithoutReadAheadAsksForEachPageWhenItIsNeeded() async throws {
    defer { server.stop() }
    let services = try RemoteServices(
      baseURL: server.baseURL, configuration: RemoteConfiguration(requestTimeout: .seconds(300), readsAhead: false))
    #expect(try await services.musicAPI.tracks(ofArtist: "prolific") == prolificTracks)
    #expect(services.musicAPI.client.readAheads.count == 0)
    #expect(server.requests.count == 3)
  }

  /// The read-ahead of the page at `offset` (of the largest size, in catalog order), taken out of the client's store.
  private func readAhead(of client: CatalogClient, offset: Int) -> ReadAheads.Page? {
    address(offset: offset, limit: length).flatMap { client.readAheads.claim($0, maximumAge: .seconds(300)) }
  }

  /// The address of the prolific artist's page at `offset`, `limit` long, in catalog order.
  private func address(offset: Int, limit: Int) -> ReadAheads.Address? {
    ReadAheads.Address(
      server.baseURL.appending(path: "v1/artists/prolific/tracks").appending(queryItems: [
        URLQueryItem(name: "offset", value: String(offset)), URLQueryItem(name: "limit", value: String(limit)),
        URLQueryItem(name: "sort", value: "catalog"),
      ]))
  }
}

@Suite struct ReadAheadStoreTests {
  func address(_ query: String) throws -> ReadAheads.Address {
    let url = try #require(URL(string: "http://127.0.0.1:1/v1/artists/a/tracks?\(query)"))
    return try #require(ReadAheads.Address(url))
  }

  @Test func anAddressIsItsPathAndQueryItemsInAnyOrder() throws {
    #expect(
      try address("offset=5&limit=10&after=c1.catalog.4") == (try address("after=c1.catalog.4&limit=10&offset=5")))
    #expect(try address("offset=5&limit=10") != (try address("offset=5&limit=11")))
    #expect(try address("after=c1%2Ecatalog.4") == (try address("after=c1.catalog.4")))
  }

  @Test func aPageIsReadAheadOnceAndAtMostCapacityAreKeptTheOldestDroppedFirst() throws {
    let store = ReadAheads()
    #expect(store.add(try address("offset=0")) != nil)
    #expect(store.add(try address("offset=0")) == nil)
    for offset in 1...ReadAheads.capacity { #expect(store.add(try address("offset=\(offset)")) != nil) }
    #expect(store.count == ReadAheads.capacity)
    #expect(store.claim(try address("offset=0"), maximumAge: .seconds(60)) == nil)
    #expect(store.claim(try address("offset=1"), maximumAge: .seconds(60)) != nil)
    #expect(store.claim(try address("offset=1"), maximumAge: .seconds(60)) == nil, "a claimed page is taken out")
  }

  @Test func aReadAheadOlderThanTheMaximumAgeIsDroppedNotClaimed() throws {
    let store = ReadAheads()
    let asked = ContinuousClock.now
    _ = store.add(try address("offset=0"), now: asked)
    _ = store.add(try address("offset=1"), now: asked + .seconds(5))
    #expect(store.claim(try address("offset=0"), maximumAge: .seconds(10), now: asked + .seconds(11)) == nil)
    #expect(store.claim(try address("offset=1"), maximumAge: .seconds(10), now: asked + .seconds(11)) != nil)
    #expect(store.count == 0)
  }

  @Test func theNextPageIsNamedOnceAndOnlyOnceThePageIsClaimedAndItsHeadHasArrived() throws {
    let next = try #require(URL(string: "http://127.0.0.1:1/v1/artists/a/tracks?offset=2"))
    let claimedFirst = ReadAheads.Page(address: try address("offset=1"), asked: .now)
    #expect(claimedFirst.claim() == nil)
    #expect(claimedFirst.headArrived(next: next) == next)
    #expect(claimedFirst.claim() == nil)
    let headFirst = ReadAheads.Page(address: try address("offset=1"), asked: .now)
    #expect(headFirst.headArrived(next: next) == nil)
    #expect(headFirst.claim() == next)
    #expect(headFirst.claim() == nil)
    let last = ReadAheads.Page(address: try address("offset=1"), asked: .now)
    #expect(last.headArrived(next: nil) == nil)
    #expect(last.claim() == nil)
  }

  @Test func theNextPageIsNamedAsTheClaimingCallerSaidItWillAskForIt() throws {
    let base = "http://127.0.0.1:1/v1/artists/a/tracks"
    let next = try #require(URL(string: "\(base)?after=c1%2Ecatalog.4&offset=50&limit=50"))
    let twice = [URLQueryItem(name: "limit", value: "100")]
    let headFirst = ReadAheads.Page(address: try address("offset=0&limit=50"), asked: .now)
    #expect(headFirst.headArrived(next: next) == nil)
    #expect(headFirst.claim(nextQuery: twice)?.absoluteString == "\(base)?after=c1%2Ecatalog.4&offset=50&limit=100")
    let claimedFirst = ReadAheads.Page(address: try address("offset=0&limit=50"), asked: .now)
    #expect(claimedFirst.claim(nextQuery: twice) == nil)
    #expect(claimedFirst.headArrived(next: next)?.absoluteString == "\(base)?after=c1%2Ecatalog.4&offset=50&limit=100")
  }

  @Test func aQueryItemIsReplacedWhereItStandsAddedWhenAbsentAndItsValueEscaped() throws {
    let url = try #require(URL(string: "http://127.0.0.1:1/v1/artists/a/tracks?offset=5&limit=10"))
    let replaced = ReadAheads.url(
      url, replacing: [URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "sort", value: "a&b=c d+")])
    #expect(replaced.absoluteString == "http://127.0.0.1:1/v1/artists/a/tracks?offset=5&limit=20&sort=a%26b%3Dc%20d%2B")
    #expect(ReadAheads.url(url, replacing: []) == url)
  }
}
