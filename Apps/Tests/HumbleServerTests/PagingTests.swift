import CatalogAPI
import Domain
import Foundation
import Services
import Testing

@Suite(.timeLimit(.minutes(5))) struct PagingTests {
  @Test(arguments: StoreBackend.allCases) func anArtistWithoutTracksHasAnEmptyLastPage(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let page = try await server.get(TrackPageBody.self, CatalogAPI.Path.tracks(ofArtist: "empty"))
      #expect(page.tracks.isEmpty)
      #expect(page.total == 0)
      #expect(page.nextOffset == nil)
    }
  }

  @Test(arguments: StoreBackend.allCases) func pagesWalkToTheLastOneAndAnOffsetPastTheEndIsEmpty(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let first = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?limit=4")
      #expect(first.tracks.map(\.id) == ["solo-1", "solo-2", "solo-3", "solo-4"])
      #expect(first.nextOffset == 4)
      let last = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?limit=4&offset=4")
      #expect(last.tracks.map(\.id) == ["solo-5", "solo-6"])
      #expect(last.nextOffset == nil)
      #expect(last.total == 6)
      let past = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?offset=50")
      #expect(past.tracks.isEmpty && past.offset == 50 && past.total == 6 && past.nextOffset == nil)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aLimitAboveTheMaximumIsCutToIt(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend, manyTracks: TrackPageRequest.maximumLimit + 5) { server in
      let page = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks?limit=5001")
      #expect(page.tracks.count == TrackPageRequest.maximumLimit)
      #expect(page.nextOffset == 5000)
      let huge = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks?limit=99999999999999999999999")
      #expect(huge.tracks.count == 5000)
      let standard = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks")
      #expect(standard.tracks.count == TrackPageRequest.defaultLimit)
    }
  }

  @Test(arguments: [
    ("limit=0", "limit"), ("limit=-3", "limit"), ("limit=ten", "limit"), ("offset=-1", "offset"),
    ("offset=1.5", "offset"), ("offset=2000000000", "offset"), ("sort=loudest", "sort"), ("after=", "after"),
    ("after=c2.catalog.1", "after"), ("after=c1.popular.1.high", "after"), ("after=c1.catalog.1%0A", "after"),
  ])
  func aBadPageParameterIsNamed(query: String, parameter: String) async throws {
    try await TestServer.with { server in
      let (problem, _) = try await server.problem(.GET, "/v1/artists/solo/tracks?\(query)", status: 400)
      #expect(problem.parameter == parameter)
    }
  }

  @Test(arguments: StoreBackend.allCases) func anUnknownArtistsTracksAre404(_ backend: StoreBackend) async throws {
    try await TestServer.with(backend) { server in
      try await server.problem(.GET, "/v1/artists/nobody/tracks", status: 404)
    }
  }

  @Test(arguments: StoreBackend.allCases) func everySortOrderPagesLikeTheCatalogSortedInMemory(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let all = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks").tracks
      for order in TrackOrder.allCases {
        var ids: [Track.ID] = []
        var offset: Int? = 0
        while let start = offset {
          let page = try await server.get(
            TrackPageBody.self, "/v1/artists/solo/tracks?sort=\(order.rawValue)&limit=4&offset=\(start)")
          ids += page.tracks.map(\.id)
          offset = page.nextOffset
        }
        #expect(ids == order.sorted(all).map(\.id), "\(order)")
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func walkingByCursorListsEveryTrackOnceInEveryOrder(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let all = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks").tracks
      for order in TrackOrder.allCases {
        for limit in [1, 2, 4] {
          let ids = try await Self.walk(server, order: order, limit: limit).map(\.id)
          #expect(ids == order.sorted(all).map(\.id), "\(order), pages of \(limit)")
        }
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func eachPagesLinkHeaderNamesTheNextPageAtThePublicURLAndTheLastHasNone(
    _ backend: StoreBackend
  ) async throws {
    let publicURL = try #require(URL(string: "https://music.example.com/humble"))
    try await TestServer.with(backend, publicURL: publicURL) { server in
      let all = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks").tracks
      for order in [TrackOrder.catalog, .popular, .title] {
        var tracks: [Track] = []
        var target = "/v1/artists/solo/tracks?sort=\(order.rawValue)&limit=4"
        // Walked by the Link headers alone.
        while true {
          let response = try await server.send(.GET, target)
          let page = try CatalogJSON.decoder().decode(TrackPageBody.self, from: response.body)
          tracks += page.tracks
          guard let link = response.header("Link") else {
            #expect(page.nextCursor == nil, "only the last page has no Link")
            break
          }
          let cursor = try #require(page.nextCursor)
          let next = try #require(CatalogAPI.NextPageLink.target(in: link))
          #expect(
            next
              == "https://music.example.com/humble/v1/artists/solo/tracks?after=\(cursor)&offset=\(tracks.count)&limit=4"
          )
          target = String(next.dropFirst("https://music.example.com/humble".count))
          try #require(tracks.count <= all.count, "the walk ends")
        }
        #expect(tracks.map(\.id) == order.sorted(all).map(\.id), "\(order)")
      }
    }
  }

  @Test(arguments: StoreBackend.allCases) func aCursorCarriesItsOrderAndSortBesideItIsNotRead(_ backend: StoreBackend)
    async throws
  {
    try await TestServer.with(backend) { server in
      let first = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?sort=popular&limit=2")
      let cursor = try #require(first.nextCursor)
      let next = try await server.get(
        TrackPageBody.self, "/v1/artists/solo/tracks?sort=title&limit=2&offset=2&after=\(cursor)")
      let all = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks").tracks
      #expect(next.tracks.map(\.id) == TrackOrder.popular.sorted(all)[2..<4].map(\.id))
      #expect(next.offset == 2 && next.nextOffset == 4 && next.total == 6)
    }
  }

  @Test(arguments: StoreBackend.allCases) func aCursorPastEveryTrackOrOfAPlaceNoTrackHasAnswersTheTracksAfterIt(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      let all = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks").tracks
      let past = try await server.get(
        TrackPageBody.self, "/v1/artists/solo/tracks?after=c1.catalog.9999999999999999999")
      #expect(past.tracks.isEmpty && past.nextCursor == nil && past.nextOffset == nil)
      // "b": after the alphas and before the betas, whatever their positions.
      let middle = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?sort=title&after=c1.title.0.Yg")
      let alphas: Set<Track.ID> = ["solo-2", "solo-6"]
      let afterAlphas = TrackOrder.title.sorted(all).map(\.id).filter { !alphas.contains($0) }
      #expect(middle.tracks.map(\.id) == afterAlphas)
      // "beta" then a NUL: after every "beta", which no title can fall between.
      let nul = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?sort=title&after=c1.title.0.YmV0YQB4")
      #expect(nul.tracks.map(\.id) == ["solo-3", "solo-5"])
    }
  }

  @Test(arguments: StoreBackend.allCases) func tracksAddedAndRemovedBetweenPagesNeitherRepeatNorSkipTheOthers(
    _ backend: StoreBackend
  ) async throws {
    try await TestServer.with(backend) { server in
      var added = 0
      for order in TrackOrder.allCases {
        let before = try await server.get(TrackPageBody.self, "/v1/artists/solo/tracks?sort=\(order.rawValue)").tracks
        var removed: Set<Track.ID> = []
        let walked = try await Self.walk(server, order: order, limit: 2) { pages in
          // Between every two pages: a track added with keys that land anywhere, and one of the others removed,
          // before or after the cursor as the walk goes on.
          added += 1
          try await server.execute(
            Self.insert(backend, "added-\(added)", position: added % 2 == 0 ? -added : 100 + added, number: added))
          let gone = before[(pages * 3 + 1) % before.count].id
          if removed.insert(gone).inserted {
            try await server.execute("DELETE FROM track WHERE id = '\(gone.rawValue)'")
          }
        }
        let ids = walked.map(\.id)
        #expect(Set(ids).count == ids.count, "\(order): no track came twice: \(ids)")
        let kept = before.map(\.id).filter { !removed.contains($0) }
        #expect(kept.allSatisfy(ids.contains), "\(order): every track that stayed came: \(ids)")
        #expect(
          ids.filter(kept.contains) == kept, "\(order): the tracks there from the start came in their order")
      }
    }
  }

  /// Every page of `solo`'s tracks in `order`, each after the previous one's cursor; `between` runs between
  /// pages with the number of pages so far.
  private static func walk(
    _ server: TestServer, order: TrackOrder, limit: Int, between: (Int) async throws -> Void = { _ in }
  ) async throws -> [Track] {
    var tracks: [Track] = []
    var target = "/v1/artists/solo/tracks?sort=\(order.rawValue)&limit=\(limit)"
    var pages = 0
    while true {
      let page = try await server.get(TrackPageBody.self, target)
      tracks += page.tracks
      pages += 1
      guard let cursor = page.nextCursor else {
        #expect(page.nextOffset == nil, "a page without a cursor is the last")
        return tracks
      }
      #expect(page.nextOffset == page.offset + page.tracks.count)
      try #require(pages < 100, "the walk ends")
      try await between(pages)
      target = "/v1/artists/solo/tracks?limit=\(limit)&offset=\(tracks.count)&after=\(cursor)"
    }
  }

  /// SQL that adds a track to `solo` whose title, duration, popularity and release date vary with `number`.
  private static func insert(_ backend: StoreBackend, _ id: String, position: Int, number: Int) -> String {
    let title = ["alpha", "beta", "elan", "zeta", "a"][number % 5]
    let values = "\(Double(number % 3) * 60), \(number % 4), \(Double(number % 2) * 1000)"
    return switch backend {
    case .sqlite:
      """
      INSERT INTO track (id, artistID, position, title, searchTitle, duration, popularity, releaseDate, streamURL,
        containsExplicitLyrics)
      VALUES ('\(id)', 'solo', \(position), '\(title)', '\(title)', \(values), 'https://example.com/a.mp3', 0)
      """
    case .postgres:
      """
      INSERT INTO track (id, artist_id, position, title, search_title, duration, popularity, release_date, stream_url,
        contains_explicit_lyrics)
      VALUES ('\(id)', 'solo', \(position), '\(title)', '\(title)', \(values), 'https://example.com/a.mp3', false)
      """
    }
  }
}
