import Domain
import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
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
      let store = try await PostgresCatalogStore.connect(
        to: location,
        configuration: .init(
          requestTimeout: TestServer.patientRequestTimeout, connectTimeout: TestServer.patientConnectTimeout,
          maximumConnections: 2, logger: TestServer.quietLogger))
      let fromPostgres = try await store.playlists(featuring: "a")
      let ofB = try await store.playlists(featuring: "b")
      await store.close()
      #expect(fromPostgres == fromSQLite)
      #expect(ofB.map(\.id) == ["p3", "p4", "p5", "p1"])
    }
  }

  static func track(_ id: String, of artist: String) -> Track {
    Track(
      id: Track.ID(id), title: "Title \(id)", duration: 60, streamURLString: "https://example.com/\(id).wav",
      popularity: 1, releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: false,
      artistID: Artist.ID(artist))
  }
}
