import Domain
import Foundation
import Services
import ServicesLive
import Testing

/// The database's pages (LIMIT/OFFSET in SQL) against the default that sorts every track in memory.
@Suite struct TrackPagingTests {
  /// The default implementation of `tracks(ofArtist:page:)`, over the same catalog.
  struct InMemoryPaging: MusicAPI {
    let live: LiveMusicAPI
    func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
      try await live.tracks(ofArtist: artistID)
    }
    func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
      try await live.artist(withID: artistID)
    }
    func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
      try await live.artists(matching: query)
    }
    func allArtists() async throws(MusicAPIError) -> [Artist] { try await live.allArtists() }
    func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
      try await live.relatedArtists(of: artistID)
    }
    func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track] {
      try await live.tracks(withIDs: trackIDs)
    }
  }

  let live: LiveMusicAPI

  init() throws {
    let database = try CatalogDatabase.open(at: nil)
    // Ties in every key, titles that differ only by case or accents, and composed and decomposed accents.
    let titles = ["b", "B", "é", "e\u{301}", "E", "a", "Á", "b", "zeta", "Zeta", "ß", "ss", "ø", "o", "", "10", "9"]
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "ties", name: "Ties", imageURL: nil, listeners: 1))
      try importer.insert(Artist(id: "empty", name: "Empty", imageURL: nil, listeners: 1))
      for (index, title) in titles.enumerated() {
        try importer.insert(
          Track(
            id: Track.ID("t\(index)"), title: title, duration: Double(index % 3) * 30,
            streamURLString: "file:///dev/null", popularity: index % 4,
            releaseDate: Date(timeIntervalSince1970: Double(index % 5) * 1000), containsExplicitLyrics: false,
            artistID: "ties"))
      }
    }
    live = LiveMusicAPI(database: database)
  }

  @Test(arguments: TrackOrder.allCases)
  func everyPageEqualsTheDefaultImplementation(order: TrackOrder) async throws {
    let reference = InMemoryPaging(live: live)
    for limit in [1, 3, 5, 17, 1000] {
      for offset in [0, 1, 4, 16, 17, 40] {
        let request = TrackPageRequest(offset: offset, limit: limit, order: order)
        let expected = try await reference.tracks(ofArtist: "ties", page: request)
        #expect(try await live.tracks(ofArtist: "ties", page: request) == expected, "\(request)")
      }
    }
  }

  @Test(arguments: TrackOrder.allCases)
  func anArtistWithoutTracksHasOneEmptyPage(order: TrackOrder) async throws {
    let page = try await live.tracks(ofArtist: "empty", page: TrackPageRequest(order: order))
    #expect(page == TrackPage(tracks: [], offset: 0, total: 0))
    #expect(page.nextOffset == nil)
  }

  @Test func anUnknownArtistIsNotFound() async throws {
    await #expect(throws: MusicAPIError.artistNotFound("nobody")) {
      try await live.tracks(ofArtist: "nobody", page: TrackPageRequest())
    }
  }

  @Test func aTrackIsFoundByIDAndAnUnknownOneIsNil() async throws {
    #expect(try await live.track(withID: "t3")?.title == "e\u{301}")
    #expect(try await live.track(withID: "nope") == nil)
    #expect(try await live.track(withID: "t3\0") == nil)
  }
}
