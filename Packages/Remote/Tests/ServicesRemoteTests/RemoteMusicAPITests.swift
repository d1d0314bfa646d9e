import Domain
import Foundation
import Services
import ServicesRemote
import Testing

@Suite(.timeLimit(.minutes(5))) struct RemoteMusicAPITests {
  let server: StubCatalogServer
  let api: RemoteMusicAPI

  init() throws {
    server = try StubCatalogServer()
    api = try RemoteServices(baseURL: server.baseURL, configuration: testConfiguration()).musicAPI
  }

  @Test func anArtistComesBackAsTheServerHasIt() async throws {
    defer { server.stop() }
    #expect(try await api.artist(withID: "neon harbour/1") == server.catalog.artists[1])
  }

  @Test func anArtistTheServerDoesNotKnowIsNotFound() async throws {
    defer { server.stop() }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.artist(withID: "nobody") }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.relatedArtists(of: "nobody") }
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) { try await api.tracks(ofArtist: "nobody") }
  }

  @Test func anIdentifierNoServerCanHoldIsNotFoundWithoutAsking() async throws {
    defer { server.stop() }
    let tooLong = Artist.ID(String(repeating: "a", count: 257))
    await #expect(throws: MusicAPIError.artistNotFound(tooLong)) { try await api.artist(withID: tooLong) }
    await #expect(throws: MusicAPIError.artistNotFound("a\0b")) { try await api.artist(withID: "a\0b") }
    #expect(server.requests.isEmpty)
  }

  @Test func everyArtistComesOrderedByNameAndASearchIgnoresCaseAndDiacritics() async throws {
    defer { server.stop() }
    #expect(try await api.allArtists().map(\.id) == ["neon harbour/1", "prolific", "quiet"])
    #expect(try await api.artists(matching: "NEON").map(\.id) == ["neon harbour/1"])
    #expect(try await api.artists(matching: "").map(\.id) == ["neon harbour/1", "prolific", "quiet"])
    #expect(try await api.artists(matching: "a\0").isEmpty)
  }

  @Test func aQueryLongerThanTheServerTakesIsCutForTheServerAndFilteredHere() async throws {
    defer { server.stop() }
    let query = "o" + String(repeating: "x", count: 200)
    #expect(try await api.artists(matching: query).isEmpty)
    #expect(server.requests == ["/v1/artists?query"])
  }

  @Test func relatedArtistsComeMostRelatedFirst() async throws {
    defer { server.stop() }
    #expect(try await api.relatedArtists(of: "neon harbour/1").map(\.id) == ["quiet", "prolific"])
  }

  @Test func aPageIsTheServersPageInTheRequestedOrder() async throws {
    defer { server.stop() }
    let all = server.catalog.tracks["prolific"] ?? []
    let page = try await api.tracks(
      ofArtist: "prolific", page: TrackPageRequest(offset: 10, limit: 20, order: .popular))
    #expect(page == TrackPage(tracks: Array(TrackOrder.popular.sorted(all)[10..<30]), offset: 10, total: 12_500))
    let past = try await api.tracks(ofArtist: "prolific", page: TrackPageRequest(offset: 20_000))
    #expect(past == TrackPage(tracks: [], offset: 20_000, total: 12_500))
  }

  @Test func allTracksAreFetchedPageByPageAtTheLargestSizeAndEqualThePagesJoined() async throws {
    defer { server.stop() }
    let tracks = try await api.tracks(ofArtist: "prolific")
    #expect(tracks == server.catalog.tracks["prolific"])
    #expect(
      server.requests == [
        "/v1/artists/prolific/tracks?limit&offset&sort", "/v1/artists/prolific/tracks?limit&offset&sort",
        "/v1/artists/prolific/tracks?limit&offset&sort",
      ])
    var joined: [Track] = []
    for offset in stride(from: 0, to: 12_500, by: 1_000) {
      joined += try await api.tracks(ofArtist: "prolific", page: TrackPageRequest(offset: offset, limit: 1_000)).tracks
    }
    #expect(tracks == joined)
  }

  @Test func anArtistWithoutTracksTakesOneRequest() async throws {
    defer { server.stop() }
    #expect(try await api.tracks(ofArtist: "quiet").isEmpty)
    #expect(server.requests.count == 1)
  }

  @Test func tracksAreLookedUpAHundredAtATimeInTheOrderAskedOnceEach() async throws {
    defer { server.stop() }
    let many = server.catalog.tracks["prolific"] ?? []
    let asked = Array(many[0..<250].reversed().map(\.id)) + ["unknown", many[249].id]
    let tracks = try await api.tracks(withIDs: asked)
    #expect(tracks.map(\.id) == Array(many[0..<250].reversed().map(\.id)))
    #expect(server.requests == Array(repeating: "/v1/track-lookup", count: 3), "250 tracks are three lookups")
  }
}
