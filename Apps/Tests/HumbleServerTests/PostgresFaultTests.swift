import CatalogAPI
import Domain
import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import HumbleSupportTesting
import ServicesLive
import ServicesTestSupport
import Testing

/// PostgreSQL going away answers 503s that say to try again (naming it only in the log), the same server recovers when it is back, and an import
/// killed half-way leaves nothing behind.
@Suite(.serialized, .timeLimit(.minutes(10))) struct PostgresFaultTests {
  @Test func aStoppedDatabaseIs503AndTheSameServerRecoversWhenItIsBack() async throws {
    try await PostgresCluster.with { cluster in
      try await PostgresServers.with(cluster.location) { servers in
        // Long enough for a request on a loaded machine, short enough to wait out twice; under the thread sanitizer
        // (`TSAN_OPTIONS` set), 8 s was once too short for a fresh-clone run's request.
        let running = try await servers.start(
          requestTimeout: ThreadSanitizer.choose(.seconds(8), sanitized: .seconds(30)))
        defer { Task { await running.stop() } }
        let token = try await servers.addUser("ada", through: running)
        let authorization = [("Authorization", "Bearer \(token)")]
        #expect(try await running.client.send(.GET, CatalogAPI.Path.artists).status == 200)
        let feed = try await running.client.stream(CatalogAPI.Path.favouriteEvents, headers: authorization)
        #expect(try await feed.nextLine() == "event: ready")
        #expect(try await feed.nextLine() == #"data: {"version":0}"#)

        try await cluster.stop()
        // The feed ends when the server's listening connection drops: its client reconnects and catches up.
        #expect(try await feed.nextLine() == nil)
        for (method, target) in [
          (NIOHTTPMethod.GET, "/v1/artists/many/tracks"), (.PUT, CatalogAPI.Path.favourite("solo-1")),
        ] {
          let response = try await running.client.send(method, target, headers: authorization)
          #expect(response.status == 503, "\(method) \(target): \(response.text)")
          let problem = try CatalogJSON.decoder().decode(Problem.self, from: response.body)
          #expect(problem.detail == "The catalog is unavailable; try again.")
          #expect(!response.text.contains(cluster.location.address), "\(response.text)")
        }

        try await cluster.restart()
        await running.store.waitUntilListening()
        #expect(try await running.client.send(.GET, CatalogAPI.Path.artists).status == 200)
        let put = try await running.client.send(.PUT, CatalogAPI.Path.favourite("solo-1"), headers: authorization)
        #expect(put.status == 200, "\(put.text)")
        let again = try await running.client.stream(CatalogAPI.Path.favouriteEvents, headers: authorization)
        defer { again.close() }
        #expect(try await again.nextLine() == "event: ready")
        #expect(try await again.nextLine() == #"data: {"version":1}"#)
      }
    }
  }

  @Test func anImportKilledWhileCopyingLeavesNothingAndTheNextOneLoadsEverything() async throws {
    try await PostgresTestDatabase.with { location in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-import-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let source = directory.appendingPathComponent("catalog.sqlite")
      let database = try CatalogDatabase.open(at: source)
      try database.importCatalog { importer in
        for artist in 0..<20 {
          try importer.insert(
            Artist(id: Artist.ID("artist-\(artist)"), name: "Artist \(artist)", imageURL: nil, listeners: 0))
          for track in 0..<5000 {
            try importer.insert(
              Track(
                id: Track.ID("track-\(artist)-\(track)"), title: "Title\t\\ \(track)\n", duration: 60,
                streamURLString: "https://example.com/\(track).wav", popularity: track,
                releaseDate: Date(timeIntervalSince1970: 0), containsExplicitLyrics: track % 2 == 0,
                artistID: Artist.ID("artist-\(artist)")))
          }
        }
      }
      let arguments = ["import", "--postgres", location.description, "--from", source.path, "--verbose"]

      let killed = try ImportProcess(arguments: arguments)
      let heard = await killed.waitForError(line: "humble-server: copying track")
      #expect(heard.contains("humble-server: copying track"), "\(heard)")
      killed.kill()
      let status = await killed.exitStatus()
      #expect(status == SIGKILL)
      let before = killed.errors()
      #expect(!before.contains("committing"), "the import finished before it was killed: \(before)")
      #expect(try await Self.counts(location) == ["0", "0", "0", "0", "0"])

      let completed = try ImportProcess(arguments: arguments)
      #expect(await completed.exitStatus() == 0, "\(completed.errors())")
      #expect(try await Self.counts(location) == ["20", "100000", "0", "0", "0"])
      let tracks = try await PostgresTestDatabase.query(
        location, "SELECT title FROM track WHERE id = 'track-3-7'")
      #expect(tracks == ["Title\t\\ 7\n"])
      let counted = try await PostgresTestDatabase.query(
        location, "SELECT track_count::text FROM artist WHERE id = 'artist-3'")
      #expect(counted == ["5000"])
    }
  }

  @Test func aServerOverANewerSchemaExitsWithOneLine() async throws {
    try await PostgresTestDatabase.with { location in
      try await PostgresSchema.migrate(location, connectTimeout: TestServer.patientConnectTimeout)
      _ = try await PostgresTestDatabase.query(
        location, "INSERT INTO humble_schema_migration (version, name) VALUES (99, 'future')")
      let server = try ImportProcess(arguments: ["--postgres", location.description, "--port", "0"])
      #expect(await server.exitStatus() == 1)
      #expect(
        server.errors()
          == "humble-server: \(location): The database has schema version 99, newer than this humble-server knows "
          + "(\(PostgresSchema.latestVersion)); it was left untouched: use a newer humble-server.\n")
    }
  }

  static func counts(_ location: PostgresLocation) async throws -> [String] {
    var counts: [String] = []
    for table in ["artist", "track", "playlist", "playlist_track", "related_artist"] {
      counts += try await PostgresTestDatabase.query(location, "SELECT count(*)::text FROM \(table)")
    }
    return counts
  }
}

/// A `humble-server` run whose standard error is read as it comes.
final class ImportProcess: @unchecked Sendable {
  // @unchecked: `process` is only touched through its thread-safe methods; the text is behind a condition.
  private let process = Process()
  private let exit: ProcessExit
  private let condition = NSCondition()
  private var text = ""
  private var ended = false

  init(arguments: [String]) throws {
    process.executableURL = ExecutableTests.binary
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    exit = try ProcessExit.run(process)
    let handle = errors.fileHandleForReading
    Thread.detachNewThread { [self] in
      while case let data = handle.availableData, !data.isEmpty {
        condition.withLock {
          text += String(decoding: data, as: UTF8.self)
          condition.broadcast()
        }
      }
      condition.withLock {
        ended = true
        condition.broadcast()
      }
    }
  }

  /// Returns once standard error holds `line` or ends (waited for on a thread of its own), with what it holds.
  func waitForError(line: String) async -> String {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in
        continuation.resume(
          returning: condition.withLock {
            while !text.contains(line), !ended { condition.wait() }
            return text
          })
      }
    }
  }

  func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }

  /// What standard error held by the end (call after ``exitStatus()``).
  func errors() -> String {
    condition.withLock {
      while !ended { condition.wait() }
      return text
    }
  }

  /// The exit status, or the signal that ended it.
  func exitStatus() async -> Int32 {
    await exit.status()
  }
}
