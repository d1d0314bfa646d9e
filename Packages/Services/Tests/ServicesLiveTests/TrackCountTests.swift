import Domain
import Foundation
import GRDB
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

@Suite struct TrackCountTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func theStoredCountEqualsCountingAfterAnImportAndEveryChange() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    let database = try CatalogDatabase.open(at: url)
    try Self.importArtists(["a": 3, "b": 2, "c": 0], into: database)
    let queue = try DatabaseQueue(path: url.path)
    #expect(try Self.storedCounts(queue) == ["a": 3, "b": 2, "c": 0])
    try Self.importArtists(["d": 4], into: database)
    #expect(try Self.storedCounts(queue) == ["a": 3, "b": 2, "c": 0, "d": 4])
    try queue.write { db in
      try db.execute(sql: "DELETE FROM track WHERE id = 'a-1'")
      try db.execute(sql: "UPDATE track SET artistID = 'c' WHERE id = 'b-1'")
      try db.execute(
        sql: """
          INSERT INTO track (id, artistID, position, title, duration, streamURL, popularity, releaseDate,
            containsExplicitLyrics)
          VALUES ('c-9', 'c', 9, 'Added', 60, 'file:///dev/null', 0, 0, 0)
          """)
    }
    #expect(try Self.storedCounts(queue) == ["a": 2, "b": 1, "c": 2, "d": 4])
    try queue.write { db in try db.execute(sql: "DELETE FROM artist WHERE id = 'b'") }
    #expect(try Self.storedCounts(queue) == ["a": 2, "c": 2, "d": 4])
    #expect(try Self.countedTracks(queue) == Self.storedCounts(queue))
  }

  @Test func aCatalogFromBeforeTheStoredCountIsFilledWhenOpened() throws {
    let url = directory.url.appendingPathComponent("v2.sqlite")
    try Self.importArtists(["a": 3, "b": 1], into: CatalogDatabase.open(at: url))
    try DatabaseQueue(path: url.path).write { db in try Self.removeVersion4(db) }
    let database = try CatalogDatabase.open(at: url)
    #expect(try database.appliedMigrations().last == "v4: artist track counts, catalog value checks")
    let queue = try DatabaseQueue(path: url.path)
    #expect(try Self.storedCounts(queue) == ["a": 3, "b": 1])
  }

  @Test func aPageReadsTheStoredCountInsteadOfCounting() async throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    let database = try CatalogDatabase.open(at: url)
    try Self.importArtists(["a": 3], into: database)
    // A count no COUNT(*) would give shows which one the page read.
    try await DatabaseQueue(path: url.path).write { db in try db.execute(sql: "UPDATE artist SET trackCount = 999") }
    let page = try await LiveMusicAPI(database: database).tracks(ofArtist: "a", page: TrackPageRequest())
    #expect(page.total == 999)
    #expect(page.tracks.count == 3)
  }

  /// Takes migration v4 out by hand: a catalog as Humble left it before it kept track counts and checked values.
  static func removeVersion4(_ db: Database) throws {
    for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'") {
      try db.execute(sql: "DROP TRIGGER \(trigger)")
    }
    try db.execute(
      sql: """
        ALTER TABLE artist DROP COLUMN trackCount;
        DELETE FROM grdb_migrations WHERE identifier LIKE 'v4:%';
        """)
  }

  static func importArtists(_ trackCounts: [String: Int], into database: CatalogDatabase) throws {
    try database.importCatalog { importer in
      for (artist, count) in trackCounts.sorted(by: { $0.key < $1.key }) {
        try importer.insert(Artist(id: Artist.ID(artist), name: artist, imageURL: nil, listeners: 1))
        for index in 0..<count {
          try importer.insert(
            Track(
              id: Track.ID("\(artist)-\(index + 1)"), title: "T\(index)", duration: 60,
              streamURLString: "file:///dev/null", popularity: 1, releaseDate: Date(timeIntervalSince1970: 0),
              containsExplicitLyrics: false, artistID: Artist.ID(artist)))
        }
      }
    }
  }

  static func storedCounts(_ queue: DatabaseQueue) throws -> [String: Int] {
    try queue.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, trackCount FROM artist").map {
          ($0[0] as String, $0[1] as Int)
        })
    }
  }

  static func countedTracks(_ queue: DatabaseQueue) throws -> [String: Int] {
    try queue.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(
          db, sql: "SELECT id, (SELECT COUNT(*) FROM track WHERE artistID = artist.id) FROM artist"
        ).map { ($0[0] as String, $0[1] as Int) })
    }
  }
}
