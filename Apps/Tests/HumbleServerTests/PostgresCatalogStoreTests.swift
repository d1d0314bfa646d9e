import CatalogAPI
import Domain
import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import Services
import ServicesLive
import Testing

/// The PostgreSQL store answers as the SQLite store does over the same catalog.
@Suite(.timeLimit(.minutes(5))) struct PostgresCatalogStoreTests {
  @Test func playlistsFeaturingAnArtistComeByNameWithTheirTracksInOrderAsFromSQLite() async throws {
    let database = try CatalogDatabase.open(at: nil)
    try database.importCatalog { importer in
      for artist in ["a", "b"] {
        try importer.insert(Artist(id: Artist.ID(artist), name: artist.uppercased(), imageURL: nil, listeners: 1))
        for index in 1...5 {
          try importer.insert(Self.track("\(artist)-\(index)", of: artist))
        }
      }
      for (id, name, tracks) in [
        ("p1", "zeta", ["b-2", "a-3", "b-1"]), ("p2", "Alpha", ["a-1"]), ("p3", "Émile", ["b-3"]),
        ("p4", "émile", ["a-5", "a-2", "b-4"]), ("p5", "Mid", ["b-5", "a-4"]),
      ] {
        try importer.insert(
          Playlist(
            id: Playlist.ID(id), name: name, tracks: tracks.map { Self.track($0, of: String($0.prefix(1))) },
            artworkURL: URL(string: "https://example.com/\(id).jpg")!))
      }
    }
    let fromSQLite = try await SQLiteCatalogStore(database: database).playlists(featuring: "a")
    #expect(fromSQLite.map(\.id) == ["p2", "p4", "p5", "p1"])
    #expect(fromSQLite.last?.tracks.map(\.id) == ["b-2", "a-3", "b-1"])

    try await PostgresTestDatabase.with { location in
      try await PostgresCatalogImport.run(
        from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
      let store = try await TestServer.patientStore(at: location)
      let fromPostgres = try await store.playlists(featuring: "a")
      let ofB = try await store.playlists(featuring: "b")
      await store.close()
      #expect(fromPostgres == fromSQLite)
      #expect(ofB.map(\.id) == ["p3", "p4", "p5", "p1"])
    }
  }

  @Test func aPageWrittenFromTheRowsIsThePageOfTheTracksInEveryOrderAndAtEveryLength() async throws {
    // More tracks than one row of records holds (``PostgresCatalogStore/recordsPerRow``, 256), with ties in every key.
    let database = try CatalogDatabase.open(at: nil)
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      for index in 0..<600 {
        var track = Self.track(String(format: "a-%03d", index), of: "a")
        track.title = ["Ébène", "ebene", "Zürich \"live\"", "alpha\tbeta", "Глечер"][index % 5] + " \(index % 7)"
        track.popularity = index % 11
        track.duration = Double(index % 13) * 30.5
        track.releaseDate = Date(timeIntervalSince1970: Double(index % 17) * 86_400)
        track.containsExplicitLyrics = index % 3 == 0
        try importer.insert(track)
      }
    }
    let base = "http://127.0.0.1:8080"
    let sqlite = SQLiteCatalogStore(database: database)
    try await PostgresTestDatabase.with { location in
      try await PostgresCatalogImport.run(
        from: database, into: location, connectTimeout: TestServer.patientConnectTimeout)
      let store = try await TestServer.patientStore(at: location)
      do {
        for order in TrackOrder.allCases {
          for limit in [255, 256, 257, 600] {
            // The first page by offset, then every page after a cursor, to the end.
            var request = TrackPageRequest(offset: 0, limit: limit, order: order)
            var fromSQLite = request
            var pages = 0
            while true {
              let page = try await store.tracks(ofArtist: "a", page: request)
              // The rows come in arrays of records, cut and joined again: the order is still the catalog's.
              let sqlitePage = try await sqlite.tracks(ofArtist: "a", page: fromSQLite)
              #expect(page.tracks == sqlitePage.tracks, "\(order) limit \(limit) page \(pages)")
              let writer = TrackPageWriter(streamURLsAt: base, route: .streamOfTrack, capacity: limit)
              let written = try await store.writeTracks(ofArtist: "a", page: request, with: writer)
              let expected = try TrackPageBody(page).json(streamURLsAt: base, route: .streamOfTrack)
              #expect(written.json == expected, "\(order) limit \(limit) page \(pages)")
              #expect(written.count == page.tracks.count && written.offset == page.offset)
              pages += 1
              guard let cursor = page.nextCursor, let sqliteCursor = sqlitePage.nextCursor else {
                #expect(page.nextCursor == nil && sqlitePage.nextCursor == nil)
                break
              }
              request = TrackPageRequest(after: cursor, offset: page.offset + page.tracks.count, limit: limit)
              fromSQLite = TrackPageRequest(after: sqliteCursor, offset: request.offset, limit: limit)
            }
            #expect(pages == (600 + limit - 1) / limit, "\(order) limit \(limit)")
          }
        }
        let pastTheEnd = try await store.writeTracks(
          ofArtist: "a", page: TrackPageRequest(offset: 600, limit: 10),
          with: TrackPageWriter(streamURLsAt: base, route: .streamOfTrack))
        #expect(String(decoding: pastTheEnd.json, as: UTF8.self) == #"{"offset":600,"total":600,"tracks":[]}"#)
        await #expect(throws: CatalogStoreError.artistNotFound("nobody")) {
          try await store.writeTracks(
            ofArtist: "nobody", page: TrackPageRequest(),
            with: TrackPageWriter(streamURLsAt: base, route: .streamOfTrack))
        }
      } catch {
        await store.close()
        throw error
      }
      await store.close()
    }
  }

  static func track(_ id: String, of artist: String) -> Track {
    Track(
      id: Track.ID(id), title: "Title \(id)", duration: 60, streamURLString: "https://example.com/\(id).wav",
      popularity: 1, releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: false,
      artistID: Artist.ID(artist))
  }
}
