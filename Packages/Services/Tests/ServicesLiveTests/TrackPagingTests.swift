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
  let database: CatalogDatabase

  init() throws {
    let database = try CatalogDatabase.open(at: nil)
    self.database = database
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
        // Cursors differ: each implementation's holds its own sort values. Whether there is one must not.
        var expected = try await reference.tracks(ofArtist: "ties", page: request)
        var page = try await live.tracks(ofArtist: "ties", page: request)
        #expect((page.nextCursor == nil) == (expected.nextCursor == nil), "\(request)")
        (expected.nextCursor, page.nextCursor) = (nil, nil)
        #expect(page == expected, "\(request)")
      }
    }
  }

  /// Every track of the artist, in `order`, walked page by page from the first page's cursor on.
  func walk(_ api: some MusicAPI, order: TrackOrder, limit: Int, between: (Int) async throws -> Void = { _ in })
    async throws -> [Track]
  {
    var page = try await api.tracks(ofArtist: "ties", page: TrackPageRequest(limit: limit, order: order))
    var tracks = page.tracks
    var pages = 1
    while let cursor = page.nextCursor {
      #expect(cursor.order == order)
      try await between(pages)
      page = try await api.tracks(
        ofArtist: "ties", page: TrackPageRequest(after: cursor, offset: tracks.count, limit: limit))
      #expect(page.offset == tracks.count, "a page after a cursor reports the count the caller gave")
      tracks += page.tracks
      pages += 1
      try #require(pages <= 100, "the cursors never end")
    }
    return tracks
  }

  @Test(arguments: TrackOrder.allCases)
  func pagesAfterCursorsListEveryTrackOnceInTheOrderOfOffsets(order: TrackOrder) async throws {
    let reference = InMemoryPaging(live: live)
    let all = try await live.tracks(ofArtist: "ties", page: TrackPageRequest(limit: 1000, order: order)).tracks
    #expect(all.count == 17)
    for limit in [1, 3, 5, 16, 17] {
      #expect(try await walk(live, order: order, limit: limit).map(\.id) == all.map(\.id), "limit \(limit)")
      #expect(try await walk(reference, order: order, limit: limit).map(\.id) == all.map(\.id), "limit \(limit)")
    }
  }

  @Test(arguments: TrackOrder.allCases)
  func tracksAddedAndRemovedBetweenPagesNeitherRepeatNorSkipTheOthers(order: TrackOrder) async throws {
    let before = try await live.tracks(ofArtist: "ties", page: TrackPageRequest(limit: 1000, order: order)).tracks
    var removed: Set<Track.ID> = []
    let walked = try await walk(live, order: order, limit: 3) { pages in
      // Between every two pages: a track added (with keys that land anywhere), and one of the first tracks in the
      // order removed, before or after the cursor as the walk goes on.
      let added = "added\(pages)"
      let gone = before[(pages * 5) % before.count].id
      removed.insert(gone)
      try await database.write(
        { db in
          try db.execute(
            sql: """
              INSERT INTO track (id, artistID, position, title, duration, streamURL, popularity, releaseDate,
                containsExplicitLyrics, searchTitle)
              VALUES (?, 'ties', ?, ?, ?, 'file:///dev/null', ?, ?, 0, ?)
              """,
            arguments: [
              added, pages % 2 == 0 ? -pages : 100 + pages, added, Double(pages % 3) * 30, pages % 4,
              Double(pages % 5) * 1000, added,
            ])
          try db.execute(sql: "DELETE FROM track WHERE id = ?", arguments: [gone.rawValue])
        }, describingErrorsWith: { $0 })
    }
    let ids = walked.map(\.id)
    #expect(Set(ids).count == ids.count, "no track came twice: \(ids)")
    let kept = before.map(\.id).filter { !removed.contains($0) }
    #expect(kept.allSatisfy(ids.contains), "every track that stayed came: \(ids)")
    #expect(
      ids.filter { !$0.rawValue.hasPrefix("added") } == before.map(\.id).filter(ids.contains),
      "the tracks that were there from the start came in their order")
  }

  @Test func aCursorPastTheLastTrackGivesAnEmptyLastPage() async throws {
    let cursor = TrackCursor(order: .popular, key: .integer(-1), position: 0)
    let page = try await live.tracks(ofArtist: "ties", page: TrackPageRequest(after: cursor, offset: 17))
    #expect(page.tracks.isEmpty)
    #expect(page.nextCursor == nil)
    #expect(page.offset == 17 && page.total == 17)
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
