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
    try await TestServer.with(backend) { server in
      let page = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks?limit=5000")
      #expect(page.tracks.count == TrackPageRequest.maximumLimit)
      #expect(page.nextOffset == 1000)
      let huge = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks?limit=99999999999999999999999")
      #expect(huge.tracks.count == 1000)
      let standard = try await server.get(TrackPageBody.self, "/v1/artists/many/tracks")
      #expect(standard.tracks.count == TrackPageRequest.defaultLimit)
    }
  }

  @Test(arguments: [
    ("limit=0", "limit"), ("limit=-3", "limit"), ("limit=ten", "limit"), ("offset=-1", "offset"),
    ("offset=1.5", "offset"), ("offset=2000000000", "offset"), ("sort=loudest", "sort"),
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
}
