import Foundation
import GRDB
import HumbleSupportTesting
import ServicesLive
import ServicesTestSupport
import Testing

/// Runs the built `humble` executable on scripts against a temporary database and checks its transcripts
/// and exit status, as a person or a tool using it would see them.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HumbleTranscriptTests {
  struct Run {
    var output: [String]
    var errors: [String]
    var status: Int32
  }

  /// The test's own folder, deleted after it.
  let temporary: TemporaryDirectory
  var directory: URL { temporary.url }

  /// The suite whose tests run `humble` through ``humble(_:)``, as ``binary(for:)`` records it.
  let suiteName: String

  init() throws {
    try self.init(for: HumbleTranscriptTests.self)
  }

  /// Transcripts for the tests of `suite`.
  init(for suite: Any.Type) throws {
    suiteName = "\(suite)"
    temporary = try TemporaryDirectory(prefix: "humble-e2e")
  }

  /// The `humble` binary `suite` is about to run: `HUMBLE_BINARY` when set (`Tools/scripts/sanitize address`
  /// points it at a build with Address Sanitizer), else the one built beside this test bundle (the root package
  /// depends on the product).
  ///
  /// When `HUMBLE_BINARY_LAUNCHES` names a file, each call adds a line to it, the suite's name and the binary's
  /// path, so that the sanitizer step can check that every suite it runs drove the binary it built.
  static func binary(for suite: Any.Type) -> URL {
    binary(forSuiteNamed: "\(suite)")
  }

  /// ``binary(for:)`` for the suite named `suite`.
  static func binary(forSuiteNamed suite: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let binary =
      environment["HUMBLE_BINARY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? builtBinary(named: "humble")
    if let launches = environment["HUMBLE_BINARY_LAUNCHES"], !launches.isEmpty {
      // One write to a file opened for appending: lines from tests running at once do not interleave.
      let descriptor = open(launches, O_WRONLY | O_APPEND | O_CREAT, 0o644)
      if descriptor >= 0 {
        let line = Array("\(suite) \(binary.path)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
      }
    }
    return binary
  }

  /// An executable of the workspace built beside this test bundle.
  static func builtBinary(named name: String) -> URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Runs `humble` with `arguments` to the end.
  ///
  /// The wait happens on a thread of its own: blocking the shared concurrency threads (two on a two-core
  /// machine) would starve every other test's tasks meanwhile.
  func humble(_ arguments: [String]) async throws -> Run {
    try await OwnThread.run { try self.runToEnd(arguments) }
  }

  private func runToEnd(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = Self.binary(forSuiteNamed: suiteName)
    process.arguments = ["--database", directory.appendingPathComponent("catalog.sqlite").path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = directory.path
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let exit = try ProcessExit.run(process)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let status = exit.waitForStatus()
    func lines(_ data: Data) -> [String] {
      String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .filter { !$0.isEmpty }
    }
    return Run(output: lines(outputData), errors: lines(errorData), status: status)
  }

  @Test func reloadAndSortShowTheDemoArtistsTracksInOrder() async throws {
    let run = try await humble(["--artist", "the-quiet-foxes", "--rows", "30", "-c", "reload; sort alphabetical; show"])
    #expect(run.status == 0)
    let last = Array(run.output.suffix(from: run.output.lastIndex(of: "── Tracks ──") ?? 0))
    #expect(last[1].contains("a quiet place"))
    let tracks = last.filter { $0.contains("Track ") }.map { $0.components(separatedBy: "Track ")[1].prefix(2) }
    #expect(tracks == ["1 ", "2 ", "3 ", "9 ", "10", "11", "20"])
  }

  @Test func selectingMovesTheSelectionThroughTheDelegate() async throws {
    let run = try await humble(["--artist", "neon-harbour", "-c", "events on; select 2; select 4"])
    #expect(run.status == 0)
    // The row that stops playing and the one that starts are reconfigured: the playing mark is in their cell models.
    #expect(
      run.output.contains(
        "events: willSelect 1.4 · willDeselect 1.2 · didDeselect 1.2 · didSelect 1.4 · batch update: 2 updated"))
    #expect(run.output.contains { $0.hasPrefix(">   4 ▶") })
  }

  @Test func aDownloadCompletesAndStaysDownloadedInTheNextRun() async throws {
    let first = try await humble(["--artist", "aurora-vale", "--rows", "3", "-c", "download 2; wait"])
    #expect(first.status == 0)
    #expect(first.output.last(where: { $0.contains("Glacier") })?.contains("⬇") == true)
    let second = try await humble(["--artist", "aurora-vale", "-c", "cell 2"])
    #expect(second.output.contains("isDownloaded: true"))
  }

  @Test func aFavouriteIsPinnedFirstAndExplicitTracksHideFromTheYoung() async throws {
    let run = try await humble(["--artist", "aurora-vale", "--rows", "20", "-c", "favourite 3; user age 12; show"])
    #expect(run.status == 0)
    let shown = Array(run.output.suffix(from: (run.output.lastIndex(of: "── Tracks ──") ?? 0) + 1))
    #expect(shown.first?.contains("♥   Fjord") == true)
    #expect(shown.contains { $0.contains("Glacier") })
    #expect(!shown.contains { $0.contains("Frostbite") })
  }

  @Test func aRelatedArtistOpensTheirPageAndBackReturns() async throws {
    let run = try await humble(["--artist", "neon-harbour", "--rows", "40", "-c", "select 21; back"])
    #expect(run.status == 0)
    #expect(run.output.contains("Kyoto Drift"))
    #expect(
      run.output.last(where: { !$0.hasPrefix(" ") && !$0.hasPrefix(">") && !$0.hasPrefix("──") }) == "Neon Harbour")
  }

  @Test func errorsGoToStandardErrorAndTheExitStatusSaysSo() async throws {
    let run = try await humble(["--artist", "neon-harbour", "-c", "selct 1; select 999; show"])
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "error: Unknown command 'selct'. Did you mean 'select'? Type 'help' for the list of commands.",
        "error: There is no row 999: the page has 23 rows.",
      ])
    #expect(run.output.contains("── Tracks ──"))
    let bail = try await humble(["--artist", "neon-harbour", "--bail", "-c", "selct 1; show"])
    #expect(bail.status == 1)
    // The opening page is shown; the `show` after the failing command never runs.
    #expect(bail.output.filter { $0 == "── Tracks ──" }.count == 1)
    #expect(run.output.filter { $0 == "── Tracks ──" }.count == 2)
  }

  @Test func aCorruptDatabaseIsReportedInOneLine() async throws {
    try Data("not a database".utf8).write(to: directory.appendingPathComponent("catalog.sqlite"))
    let run = try await humble(["-c", "show"])
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.contains("is corrupt or not a SQLite database") == true)
  }

  @Test func jsonPrintsOneDocumentPerCommandForTools() async throws {
    let run = try await humble([
      "--artist", "aurora-vale", "--json", "-c", "sort longest; select 1; cell 1; selct; actions 1",
    ])
    #expect(run.status == 1)
    #expect(run.output.count == 6, "the opening page and one document per command")
    let documents = try run.output.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      documents.map { $0["command"] as? String } == [
        "artist aurora-vale", "sort longest", "select 1", "cell 1", "selct", "actions 1",
      ])
    let sorted = try #require(documents[1]["page"] as? [String: Any])
    #expect(sorted["sort"] as? String == "longest")
    let rows = try #require((sorted["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
    #expect((rows.first?["cell"] as? [String: Any])?["title"] as? String == "Glacier")
    #expect((documents[2]["page"] as? [String: Any])?["nowPlaying"] as? String == "aurora-vale-02")
    #expect((documents[3]["cell"] as? [String: Any])?["duration"] as? String == "6:09")
    #expect(documents[4]["ok"] as? Bool == false)
    #expect((documents[4]["error"] as? String)?.hasPrefix("Unknown command 'selct'.") == true)
    #expect(documents[5]["actions"] as? [String] == ["Download", "Favourite"])
  }

  @Test func aPlaylistOpensItsPageAndBackReturnsToTheArtist() async throws {
    let run = try await humble(["--artist", "aurora-vale", "--rows", "40", "-c", "select 17; show; back"])
    #expect(run.status == 0, "\(run.errors)")
    let playlistPage = Array(run.output.drop { $0 != "Deep Focus" })
    #expect(playlistPage.count > 3)
    #expect(!playlistPage.prefix(while: { $0 != "Aurora Vale" }).contains("── Related Artists ──"))
    let afterBack = run.output.suffix(from: try #require(run.output.lastIndex(of: "Aurora Vale")))
    #expect(afterBack.count > 3)
    #expect(!afterBack.contains { $0.hasPrefix(">") }, "the playlist row is deselected on the way back")
  }

  @Test func narrowWidthsTruncateWithAnEllipsisAndVersionAndBadFlagsAnswer() async throws {
    let narrow = try await humble(["--artist", "helene-hourglass", "--width", "30", "-c", "show"])
    #expect(narrow.status == 0)
    #expect(narrow.output.allSatisfy { $0.count <= 30 })
    #expect(narrow.output.contains { $0.contains("…") })
    let version = try await humble(["--version"])
    #expect(version.output == ["0.1.0"])
    let unknown = try await humble(["--artist", "nobody at all", "-c", "show"])
    #expect(unknown.status == 1)
    #expect(unknown.errors == ["error: No artist called 'nobody at all'. Type 'artists' to list them."])
    let badRows = try await humble(["--rows", "0"])
    #expect(badRows.status != 0)
    #expect(badRows.errors.contains { $0.contains("--rows must be at least 1.") })
  }

  @Test func aScriptThatIsNotUTF8IsRefusedNamingTheFile() async throws {
    let script = directory.appendingPathComponent("bad.humble")
    try Data([0x73, 0x68, 0x6F, 0x77, 0xFF, 0xFE, 0x0A]).write(to: script)
    let run = try await humble(["--script", script.path])
    #expect(run.status == 1)
    #expect(run.errors == ["humble: script file \(script.path) is not UTF-8 text"])
    #expect(
      try Data(contentsOf: script) == Data([0x73, 0x68, 0x6F, 0x77, 0xFF, 0xFE, 0x0A]), "the script is only read")
    let missing = try await humble(["--script", directory.appendingPathComponent("missing").path])
    #expect(missing.errors.first?.hasPrefix("humble: no script file at ") == true)
  }

  @Test("A database cut short or from a newer Humble gives one error line naming it and is left as it was")
  func aDamagedDatabaseIsReportedInOneLineAndLeftAsItWas() async throws {
    let url = directory.appendingPathComponent("catalog.sqlite")
    let scratch = directory.appendingPathComponent("scratch/catalog.sqlite")
    // Closing the last connection moves everything from the write-ahead log into the file.
    _ = try LiveServices.open(
      StorageLocation(
        databaseURL: scratch, filesDirectory: directory.appendingPathComponent("scratch/files"),
        createsDatabaseDirectory: true))
    let catalog = try Data(contentsOf: scratch)
    var newer = catalog
    do {
      try await DatabaseQueue(path: scratch.path).write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2: from the future')")
      }
      newer = try Data(contentsOf: scratch)
    }
    let cases: [(Data, String)] = [
      (catalog.prefix(catalog.count / 2), "is corrupt or not a SQLite database"),
      (newer, "was written by a newer Humble (unknown migration 'v2: from the future')"),
    ]
    for (bytes, complaint) in cases {
      try bytes.write(to: url)
      let run = try await humble(["-c", "favourite 1"])
      #expect(run.status == 1)
      #expect(run.errors.count == 1 && run.errors.first?.contains(url.path) == true, "\(run.errors)")
      #expect(run.errors.first?.contains(complaint) == true, "\(run.errors)")
      #expect(try Data(contentsOf: url) == bytes)
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "scratch" }
      #expect(left == ["catalog.sqlite"], "created beside it: \(left)")
    }
  }
}
