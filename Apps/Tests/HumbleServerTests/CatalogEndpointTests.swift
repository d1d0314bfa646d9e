import CatalogAPI
import Domain
import Foundation
import HumbleServer
import Testing

@Suite(.timeLimit(.minutes(5))) struct CatalogEndpointTests {
  @Test(arguments: StoreBackend.allCases) func everyArtistComesOrderedByName(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let list = try await server.get(ArtistList.self, CatalogAPI.Path.artists)
      #expect(list.artists.map(\.id) == ["empty", "many", "other", "solo"])
    }
  }

  @Test(arguments: StoreBackend.allCases) func aSearchIgnoresCaseAndDiacritics(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let list = try await server.get(ArtistList.self, "/v1/artists?query=OTHER")
      #expect(list.artists.map(\.id) == ["other"])
      let none = try await server.get(ArtistList.self, "/v1/artists?query=nobody")
      #expect(none.artists.isEmpty)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aQueryOverTheLimitIsABadParameter(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      let query = String(repeating: "a", count: CatalogAPI.Limits.queryCharacters + 1)
      let (problem, _) = try await server.problem(.GET, "/v1/artists?query=\(query)", status: 400)
      #expect(problem.parameter == "query")
      #expect(problem.instance == "/v1/artists")
      #expect(problem.detail == "The query is 201 characters long; the limit is 200.")
      // Counted in code points, as the document's maxLength is: 100 letters with two combining marks each are
      // 100 Swift characters but 300 code points.
      let marked = String(repeating: "o\u{0301}\u{0302}", count: 100).addingPercentEncoding(
        withAllowedCharacters: .alphanumerics)!
      let (tooLong, _) = try await server.problem(.GET, "/v1/artists?query=\(marked)", status: 400)
      #expect(tooLong.detail == "The query is 300 characters long; the limit is 200.")
    }
  }

  @Test(arguments: StoreBackend.allCases) func anArtistIsFoundByIDAndAnUnknownOneIsNamedIn404(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      #expect(try await server.get(Artist.self, CatalogAPI.Path.artist("other")).name == "Öther")
      let (problem, _) = try await server.problem(.GET, CatalogAPI.Path.artist("nob/ody"), status: 404)
      #expect(problem.detail == "No artist with ID 'nob/ody' in the catalog.")
      #expect(problem.instance == "/v1/artists/nob%2Fody")
      #expect(problem.title == "Not Found")
    }
  }

  @Test(arguments: StoreBackend.allCases) func relatedArtistsComeMostRelatedFirst(_ backend: StoreBackend) async throws
  {
    try await TestServer.with(backend) { server in
      let list = try await server.get(ArtistList.self, CatalogAPI.Path.related(toArtist: "solo"))
      #expect(list.artists.map(\.id) == ["many", "other"])
      try await server.problem(.GET, CatalogAPI.Path.related(toArtist: "nobody"), status: 404)
    }
  }

  @Test(arguments: StoreBackend.allCases) func playlistsFeaturingAnArtistCarryTracksStreamedByThisServer(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let list = try await server.get(PlaylistList.self, CatalogAPI.Path.playlists(featuringArtist: "solo"))
      #expect(list.playlists.map(\.id) == ["mix"])
      let stream = server.server.url.absoluteString + CatalogAPI.Path.stream(ofTrack: "solo-1")
      #expect(list.playlists.first?.tracks.map(\.streamURLString) == [stream])
      #expect(
        try await server.get(PlaylistList.self, CatalogAPI.Path.playlists(featuringArtist: "other")).playlists == [])
      let (problem, _) = try await server.problem(
        .GET, CatalogAPI.Path.playlists(featuringArtist: "nobody"), status: 404)
      #expect(problem.detail == "No artist with ID 'nobody' in the catalog.")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aPlaylistIsFoundByIDAndAnUnknownOneIs404(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let playlist = try await server.get(Playlist.self, CatalogAPI.Path.playlist("mix"))
      #expect(playlist.tracks.map(\.id) == ["solo-1"])
      let (problem, _) = try await server.problem(.GET, CatalogAPI.Path.playlist("gone"), status: 404)
      #expect(problem.detail == "No playlist with ID 'gone' in the catalog.")
    }
  }

  @Test(arguments: StoreBackend.allCases) func aTrackIsFoundByIDWithItsStreamOnThisServerAndAnUnknownOneIs404(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let track = try await server.get(Track.self, CatalogAPI.Path.track("solo-1"))
      #expect(track.id == "solo-1")
      #expect(track.streamURL.absoluteString.hasSuffix(CatalogAPI.Path.stream(ofTrack: "solo-1")))
      let (problem, _) = try await server.problem(.GET, CatalogAPI.Path.track("gone"), status: 404)
      #expect(problem.detail == "No track with ID 'gone' in the catalog.")
    }
  }

  /// Looks tracks up, as a client does.
  func lookUp(_ ids: [String], on server: TestServer) async throws -> [Track.ID] {
    let response = try await server.send(
      .POST, CatalogAPI.Path.trackLookup, headers: [("Content-Type", "application/json")],
      body: try CatalogJSON.encoder().encode(TrackLookup(ids: ids)))
    try #require(response.status == 200, "\(response.status): \(response.text)")
    let list = try CatalogJSON.decoder().decode(TrackList.self, from: response.body)
    #expect(list.tracks.allSatisfy { $0.streamURL.absoluteString.hasPrefix(server.server.url.absoluteString) })
    return list.tracks.map(\.id)
  }

  @Test(arguments: StoreBackend.allCases) func tracksAreLookedUpInTheOrderAskedOnceEachLeavingOutUnknownOnes(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let found = try await lookUp(["many-0002", "gone", "solo-1", "many-0002", "a/b?c&d"], on: server)
      #expect(found == ["many-0002", "solo-1"])
      let none = try await lookUp(["gone"], on: server)
      #expect(none.isEmpty, "unknown identifiers are not an error")
      // Identifiers no catalog can hold name nothing, and are left out too.
      let unholdable = try await lookUp(["a\u{0}b", String(repeating: "é", count: 200), "solo-2"], on: server)
      #expect(unholdable == ["solo-2"])
      let full = (1...CatalogAPI.Limits.tracksPerLookup).map { String(format: "many-%04d", $0) }
      let all = try await lookUp(full, on: server)
      #expect(all.count == 100)
    }
  }

  @Test(arguments: [
    (#"{"ids": []}"#, "The lookup asks for 0 tracks; it may ask for 1 to 100."),
    (
      "{\"ids\": [" + Array(repeating: #""a""#, count: 101).joined(separator: ",") + "]}",
      "The lookup asks for 101 tracks; it may ask for 1 to 100."
    ),
    (#"{"ids": ["a", ""]}"#, "An identifier in ids is empty."),
    (
      "{\"ids\": [\"" + String(repeating: "x", count: 257) + "\"]}",
      "An identifier in ids is 257 characters long; the limit is 256."
    ),
    (#"{"ids": "a"}"#, "The body is not a JSON object with an array of strings named ids."),
    (#"{"id": ["a"]}"#, "The body is not a JSON object with an array of strings named ids."),
    ("not json", "The body is not a JSON object with an array of strings named ids."),
  ])
  func aBadTrackLookupIsABadParameter(body: String, detail: String) async throws {
    try await TestServer.with { server in
      let (problem, _) = try await server.problem(
        .POST, CatalogAPI.Path.trackLookup, status: 400, headers: [("Content-Type", "application/json")],
        body: Data(body.utf8))
      #expect(problem.detail == detail)
      #expect(problem.parameter == "ids")
    }
  }

  @Test func aTrackLookupThatIsNotJSONOrTooLargeIsRefused() async throws {
    try await TestServer.with { server in
      let (notJSON, _) = try await server.problem(
        .POST, CatalogAPI.Path.trackLookup, status: 415, headers: [("Content-Type", "text/plain")],
        body: Data(#"{"ids": ["a"]}"#.utf8))
      #expect(notJSON.detail == "A track lookup's body must be application/json.")
      let huge = Data(repeating: 0x20, count: CatalogAPI.Limits.trackLookupBodyBytes + 1)
      let (tooLarge, _) = try await server.problem(
        .POST, CatalogAPI.Path.trackLookup, status: 413, headers: [("Content-Type", "application/json")], body: huge)
      #expect(tooLarge.detail == "The request body is over 327680 bytes.")
      // The largest lookup the document allows: 100 identifiers of 256 characters, each escaped as a surrogate
      // pair. It is within the limit, whatever empty segments its path has.
      let escaped = String(repeating: #"\uD83D\uDE00"#, count: 256)
      let largest = #"{"ids": ["# + Array(repeating: "\"\(escaped)\"", count: 100).joined(separator: ",") + "]}"
      for path in [CatalogAPI.Path.trackLookup, "/v1/track-lookup/", "//v1/track-lookup"] {
        // The client itself: the document's checks know only the canonical path.
        let response = try await server.client.send(
          .POST, path, headers: [("Content-Type", "application/json")], body: Data(largest.utf8))
        #expect(response.status == 200, "\(path): \(response.text.prefix(200))")
      }
      let (wrongMethod, _) = try await server.problem(.GET, CatalogAPI.Path.trackLookup, status: 405)
      #expect(wrongMethod.detail == "/v1/track-lookup answers POST, not GET.")
    }
  }

  @Test(arguments: StoreBackend.allCases) func streamURLsNameTheServersOwnAddressWhateverTheHostHeaderSays(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let own = server.server.url.absoluteString + "/v1/tracks/solo-1/stream"
      // A forged Host would poison any cache in front of the server with another host's stream URLs.
      for host in ["evil.test", "music.example:8443", "evil/x?y"] {
        let answer = try await server.send(.GET, "/v1/artists/solo/tracks?limit=1", headers: [("Host", host)])
        let page = try CatalogJSON.decoder().decode(TrackPageBody.self, from: answer.body)
        #expect(page.tracks.first?.streamURLString == own, "Host: \(host)")
        #expect(!answer.text.contains("evil"), "Host: \(host)")
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func streamURLsStartWithTheConfiguredPublicURL(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend, publicURL: URL(string: "https://music.example/catalog/")) { server in
      let answer = try await server.send(
        .GET, "/v1/artists/solo/tracks?limit=1", headers: [("Host", "evil.test")])
      let page = try CatalogJSON.decoder().decode(TrackPageBody.self, from: answer.body)
      #expect(page.tracks.first?.streamURLString == "https://music.example/catalog/v1/tracks/solo-1/stream")
    }
  }

  @Test(arguments: [
    ("/v1/artists/" + String(repeating: "x", count: 257), "The artistID is 257 bytes long; the limit is 256."),
    ("/v1/artists/a%00b", "The artistID holds a NUL character."),
    ("/v1/artists/%FF", "The artistID '%FF' is not valid percent-encoded UTF-8."),
    ("/v1/playlists/a%00", "The playlistID holds a NUL character."),
  ])
  func aMalformedIdentifierIsABadParameter(target: String, detail: String) async throws {
    try await TestServer.with { server in
      let (problem, _) = try await server.problem(.GET, target, status: 400)
      #expect(problem.detail == detail)
      #expect(problem.parameter == (target.hasPrefix("/v1/playlists") ? "playlistID" : "artistID"))
    }
  }

  @Test(arguments: StoreBackend.allCases) func theOpenAPIDocumentIsServedAsCommitted(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let response = try await server.send(.GET, CatalogAPI.Path.openAPIDocument)
      #expect(response.status == 200)
      #expect(response.body == (try CatalogAPI.openAPIDocument))
    }
  }
}
