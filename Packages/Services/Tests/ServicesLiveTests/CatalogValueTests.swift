import Domain
import Foundation
import GRDB
import HumbleSupportTesting
import Services
import ServicesLive
import Testing

@Suite struct CatalogValueTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A bad value, as a track (or artist) an import is given, and the description of the error it must meet.
  struct BadValue: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var duration: Double = 60
    var released: Double = 0
    var listeners = 1
    var error: String
  }

  static let badValues: [BadValue] = [
    BadValue(testDescription: "infinite duration", duration: .infinity, error: #"track "t-2" has duration inf"#),
    BadValue(testDescription: "NaN duration", duration: .nan, error: #"track "t-2" has duration nan"#),
    BadValue(testDescription: "negative duration", duration: -1, error: #"track "t-2" has duration -1.0"#),
    BadValue(
      testDescription: "infinite release date", released: -.infinity, error: #"track "t-2" has release date -inf"#),
    BadValue(testDescription: "release date past 9999", released: 1e12, error: #"track "t-2" has release date"#),
    BadValue(testDescription: "negative listeners", listeners: -5, error: #"artist "b" has -5 listeners"#),
  ]

  @Test(arguments: CatalogValueTests.badValues)
  func anImportRefusesAValueOutOfRangeNamingItAndLeavesTheDatabaseAsItWas(_ bad: BadValue) async throws {
    let database = try CatalogDatabase.open(at: directory.url.appendingPathComponent("catalog.sqlite"))
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      try importer.insert(Self.track("t-1", of: "a"))
    }
    do {
      try database.importCatalog { importer in
        try importer.insert(Artist(id: "b", name: "B", imageURL: nil, listeners: bad.listeners))
        try importer.insert(Self.track("t-2", of: "b", duration: bad.duration, released: bad.released))
      }
      Issue.record("the import of a \(bad.testDescription) succeeded")
    } catch {
      guard case .invalidValue = error else {
        Issue.record("expected invalidValue, got \(error)")
        return
      }
      #expect("\(error)".hasPrefix("The catalog holds a value out of range: \(bad.error)"))
      #expect(!"\(error)".contains("\n"))
    }
    #expect(try database.trackCount() == 1)
    let artists = try await LiveMusicAPI(database: database).allArtists()
    #expect(artists.map(\.id) == ["a"])
  }

  @Test func anotherProgramCannotStoreAValueOutOfRange() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    try CatalogDatabase.open(at: url).importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      try importer.insert(Self.track("t-1", of: "a"))
    }
    let queue = try DatabaseQueue(path: url.path)
    for statement in [
      "UPDATE track SET duration = 9e999", "UPDATE track SET duration = -1", "UPDATE track SET releaseDate = -9e999",
      "UPDATE artist SET listeners = -1",
    ] {
      #expect(throws: DatabaseError.self, "\(statement)") { try queue.write { db in try db.execute(sql: statement) } }
    }
    #expect(try queue.read { db in try Double.fetchOne(db, sql: "SELECT duration FROM track") } == 60)
  }

  @Test func aCatalogHoldingAnInfiniteDurationIsReportedNamingTheTrack() async throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    let database = try CatalogDatabase.open(at: url)
    try database.importCatalog { importer in
      try importer.insert(Artist(id: "a", name: "A", imageURL: nil, listeners: 1))
      try importer.insert(Self.track("t-1", of: "a"))
      try importer.insert(Self.track("t-2", of: "a"))
    }
    // Another program (or an older Humble) wrote it, past the checks.
    try await DatabaseQueue(path: url.path).write { db in
      try db.execute(sql: "DROP TRIGGER IF EXISTS track_values_before_update")
      try db.execute(sql: "UPDATE track SET duration = 9e999 WHERE id = 't-2'")
    }
    let api = LiveMusicAPI(database: database)
    do {
      let page = try await api.tracks(ofArtist: "a", page: TrackPageRequest())
      Issue.record("the page was read: \(page.tracks.map(\.duration))")
    } catch {
      guard case .unavailable(let reason) = error else {
        Issue.record("expected unavailable, got \(error)")
        return
      }
      #expect(reason.contains(#"track "t-2" has duration inf"#))
    }
  }

  static func track(_ id: String, of artist: String, duration: Double = 60, released: Double = 0) -> Track {
    Track(
      id: Track.ID(id), title: id, duration: duration, streamURLString: "file:///dev/null", popularity: 1,
      releaseDate: Date(timeIntervalSince1970: released), containsExplicitLyrics: false, artistID: Artist.ID(artist))
  }
}
