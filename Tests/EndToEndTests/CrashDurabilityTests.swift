import Foundation
import GRDB
import HumbleSupport
import HumbleSupportTesting
import SeededRandomness
import ServicesLive
import ServicesTestSupport
import Synchronization
import Testing

/// Runs the real `humble` on a database file, favouriting, unfavouriting, downloading, cancelling and
/// removing at random, and kills it with SIGKILL at random moments; after every kill the file must hold
/// everything humble acknowledged, and every download it records must be whole.
///
/// A command is acknowledged once its `--json` document has been read in full from humble's standard
/// output: the document shows the page after the command, and humble prints it only after the change has
/// been stored. The one command running at the moment of the kill may or may not have landed. Set
/// `HUMBLE_CRASH_SEED` to run another seed or replay one; the seed is in every failure message.
///
/// The limit is a bound on a hang, not a speed check: alone the 100 runs take under a minute, but in a fresh-clone
/// whole-suite run (sanitizer builds beside it) they took 296, 298 and 322 s.
@Suite(.serialized, .timeLimit(.minutes(10))) struct CrashDurabilityTests {
  /// What the test knows of one track.
  enum DownloadKnowledge: Equatable {
    case none
    case downloading
    case downloaded
  }

  struct Knowledge {
    var favourited: [String: Bool] = [:]
    var downloads: [String: DownloadKnowledge] = [:]
  }

  /// What one killed run printed.
  struct Transcript {
    /// The documents printed in full, in order: the opening page, then one per script line.
    var documents: [[String: Any]]
    var wasKilled: Bool
    var errors: String
  }

  /// The test's own folder, deleted after it.
  let temporary: TemporaryDirectory
  var directory: URL { temporary.url }

  let artists = ["aurora-vale", "neon-harbour", "the-quiet-foxes", "helene-hourglass"]

  init() throws {
    temporary = try TemporaryDirectory(prefix: "humble-crash")
  }

  var databaseURL: URL { directory.appendingPathComponent("catalog.sqlite") }
  var location: StorageLocation { .database(at: databaseURL) }

  /// The seed of a run without `HUMBLE_CRASH_SEED`: the same script and kill moments every time.
  static let defaultSeed: UInt64 = 2026

  @Test("Nothing humble acknowledged is lost, and no download is half-recorded, across 100 SIGKILLs")
  func nothingAcknowledgedIsLostUnderKillNine() async throws {
    let seed =
      ProcessInfo.processInfo.environment["HUMBLE_CRASH_SEED"].flatMap(UInt64.init) ?? Self.defaultSeed
    var random = SeededRandom(seed: seed)
    let started = ContinuousClock.now
    // The first run imports the demo catalog.
    let setup = try await run(script: ["show"], artist: artists[0], rate: 1024, kill: nil)
    try #require(setup.documents.count == 2, "seed \(seed): the setup run printed \(setup.documents.count) documents")
    var knowledge = Knowledge()
    var kills = 0
    var acknowledged = 0
    var completedWhileRunning = 0
    var inFlightAtKill = 0
    var verifiedFiles = 0
    var verifiedFavourites = 0
    var runs = 0
    while kills < 100, runs < 300 {
      runs += 1
      let script = makeScript(using: &random)
      let artist = artists[random.next(in: 0...artists.count - 1)]
      let rate = [16, 64, 256, 1024][random.next(in: 0...3)]
      // Most kills land among commands, counted from the opening page, so that a slow start (a loaded machine, a
      // sanitizer) still leaves commands to kill; some land during start-up, while the last kill's leftovers are
      // cleaned.
      let kill: KillMoment =
        random.next(in: 0...9) == 0
        ? .afterLaunch(.milliseconds(random.next(in: 0...80)))
        : .afterOpeningPage(.milliseconds(random.next(in: 0...400)))
      let transcript = try await run(script: script, artist: artist, rate: rate, kill: kill)
      let context = "seed \(seed), run \(runs) (\(kill), \(transcript.documents.count) documents)"
      // A fast machine may finish the script first: that run is checked the same way but is no kill point.
      if transcript.wasKilled { kills += 1 }
      // The document of the command running at the kill never arrived; that command may or may not have landed.
      var lastPage: [(number: Int, cell: [String: Any])] = []
      for (index, document) in transcript.documents.enumerated() {
        let expected = index == 0 ? "artist \(artist)" : script[index - 1]
        #expect(document["command"] as? String == expected, "\(context): documents out of step")
        let rows = Self.trackRows(of: document)
        if index > 0, document["ok"] as? Bool == true, let target = Self.target(of: expected, on: lastPage),
          expected.hasPrefix("favourite") || expected.hasPrefix("unfavourite")
        {
          // What the command said it did is what it stored, and what its page shows.
          let shown = rows.first { $0.cell["id"] as? String == target }?.cell["isFavourited"] as? Bool
          #expect(
            shown == expected.hasPrefix("favourite"),
            """
            \(context): '\(expected)' shows \(target) otherwise; the lines before it: \
            \(script[max(0, index - 4)..<index - 1]); the page before: \(Self.brief(lastPage)); after: \(Self.brief(rows))
            """)
        }
        if document["page"] != nil { lastPage = rows }
        for row in rows {
          guard let id = row.cell["id"] as? String else { continue }
          knowledge.favourited[id] = row.cell["isFavourited"] as? Bool == true
          let before = knowledge.downloads[id]
          if row.cell["failure"] != nil {
            Issue.record("\(context): \(id) shows a failed download: \(row.cell["failure"] ?? "")")
          } else if row.cell["isDownloaded"] as? Bool == true {
            if before == .downloading { completedWhileRunning += 1 }
            knowledge.downloads[id] = .downloaded
          } else if row.cell["downloadProgress"] != nil {
            knowledge.downloads[id] = .downloading
          } else {
            knowledge.downloads[id] = DownloadKnowledge.none
          }
        }
      }
      acknowledged += max(0, transcript.documents.count - 1)
      var uncertain: String?
      if !transcript.documents.isEmpty, transcript.documents.count <= script.count {
        uncertain = Self.target(of: script[transcript.documents.count - 1], on: lastPage)
      }
      inFlightAtKill += knowledge.downloads.values.filter { $0 == .downloading }.count
      knowledge = try checkFile(against: knowledge, uncertain: uncertain, context: context)
      verifiedFiles += knowledge.downloads.count
      verifiedFavourites += knowledge.favourited.count
      if runs % 2 == 0 {
        // Every other time, the next start is checked in-process; otherwise the next humble run recovers.
        try checkRecovery(context: context)
      }
    }
    #expect(kills == 100, "seed \(seed): only \(kills) of \(runs) runs were killed before they ended")
    // What the kills hit, so that the test cannot pass without reaching its cases. On this project's 2-core VM
    // the default seed gives about 10,000 acknowledged commands, 640 downloads in flight at a kill, 690 files
    // and 1,900 favourites verified; two runs under the Thread Sanitizer gave 457 and 297 commands, 53 and 61
    // downloads in flight, 727 and 180 files, 1,573 and 1,669 favourites. The floors sit well below those.
    // Downloads completed between kills (3 to 117) are reported, not floored: under load there may be none.
    let floors = [
      ("commands acknowledged", acknowledged, 50), ("downloads in flight at a kill", inFlightAtKill, 10),
      ("downloaded files verified", verifiedFiles, 20), ("favourites verified", verifiedFavourites, 300),
    ]
    for (what, count, floor) in floors {
      #expect(count >= floor, "seed \(seed): \(count) \(what), fewer than \(floor): the kills missed what they test")
    }
    let elapsed = ContinuousClock.now - started
    print(
      "CrashDurabilityTests: seed \(seed), \(kills) kills in \(runs) runs, \(acknowledged) commands acknowledged, "
        + "\(completedWhileRunning) downloads completed between kills, \(inFlightAtKill) in flight at a kill, "
        + "\(verifiedFiles) downloaded files and \(verifiedFavourites) favourites verified after kills, "
        + "\(elapsed)")
  }

  // MARK: Checks

  /// Checks the file as the kill left it, before anything opens it for Humble, and returns what it holds.
  private func checkFile(against knowledge: Knowledge, uncertain: String?, context: String) throws -> Knowledge {
    let queue = try DatabaseQueue(path: databaseURL.path)
    defer { try? queue.close() }
    let (integrity, favourites, downloads, streams) = try queue.read { db in
      (
        try String.fetchAll(db, sql: "PRAGMA integrity_check"),
        Set(try String.fetchAll(db, sql: "SELECT trackID FROM favourite")),
        try Row.fetchAll(db, sql: "SELECT trackID, state, fileName, byteCount FROM download"),
        Dictionary(
          uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, streamURL FROM track").map {
            (row: Row) -> (String, String) in (row["id"], row["streamURL"])
          })
      )
    }
    #expect(integrity == ["ok"], "\(context): integrity check says \(integrity)")
    for (id, isFavourited) in knowledge.favourited where id != uncertain {
      #expect(favourites.contains(id) == isFavourited, "\(context): \(id) favourited \(!isFavourited) on disk")
    }
    for id in favourites where knowledge.favourited[id] != true && id != uncertain {
      Issue.record("\(context): \(id) is favourited on disk but humble never said so")
    }
    var next = Knowledge(favourited: Dictionary(uniqueKeysWithValues: favourites.map { ($0, true) }))
    for row in downloads {
      let id: String = row["trackID"]
      let state: String = row["state"]
      guard state == "downloaded" else {
        Issue.record("\(context): \(id) is recorded as \(state)")
        continue
      }
      let fileName: String = row["fileName"] ?? ""
      let file = location.downloadsDirectory.appendingPathComponent(fileName)
      let source = streams[id].flatMap(URL.init(string:))
      let bytes = try? Data(contentsOf: file)
      #expect(!fileName.isEmpty && !fileName.contains("/"), "\(context): \(id) has the file name '\(fileName)'")
      let byteCount: Int? = row["byteCount"]
      #expect(bytes?.count == byteCount, "\(context): \(id) is recorded downloaded without its bytes")
      #expect(bytes != nil && bytes == source.flatMap { try? Data(contentsOf: $0) }, "\(context): \(id) differs")
      next.downloads[id] = .downloaded
    }
    for (id, known) in knowledge.downloads where id != uncertain {
      let onDisk = next.downloads[id] ?? DownloadKnowledge.none
      switch known {
      case .downloaded, .none:
        #expect(onDisk == known, "\(context): humble showed \(id) as \(known), the file has it \(onDisk)")
      case .downloading:
        break
      }
    }
    return next
  }

  /// Opens the services as the next start does: no partial file, no unrecorded file, no failed download.
  private func checkRecovery(context: String) throws {
    let services = try LiveServices.open(location)
    let trackIDs = try DatabaseQueue(path: databaseURL.path).read { db in
      try String.fetchAll(db, sql: "SELECT id FROM track")
    }
    let partials = try FileManager.default.contentsOfDirectory(atPath: location.partialDownloadsDirectory.path)
    #expect(partials.isEmpty, "\(context): partial files survived the next start: \(partials)")
    var recorded: Set<String> = []
    for id in trackIDs {
      switch services.downloadsManager.downloadState(of: .init(id)) {
      case .downloaded:
        if let file = services.downloadsManager.fileURL(for: .init(id)) { recorded.insert(file.lastPathComponent) }
      case .failed(let reason): Issue.record("\(context): \(id) is failed after the next start: \(reason)")
      case .downloading: Issue.record("\(context): \(id) is downloading after the next start")
      case .notDownloaded: break
      }
    }
    let stored = try FileManager.default.contentsOfDirectory(atPath: location.downloadsDirectory.path)
      .filter { !$0.hasPrefix(".") }
    #expect(Set(stored) == recorded, "\(context): files in downloads/ that no download records")
  }

  // MARK: Running humble

  private func makeScript(using random: inout SeededRandom) -> [String] {
    (0..<2000).map { _ in
      let row = random.next(in: 1...8)
      switch random.next(in: 0...99) {
      case 0..<30: return "favourite \(row)"
      case 30..<50: return "unfavourite \(row)"
      case 50..<82: return "download \(row)"
      case 82..<90: return "action remove download \(row)"
      case 90..<96: return "artist \(artists[random.next(in: 0...artists.count - 1)])"
      default: return "show"
      }
    }
  }

  /// The track a script line changes, by its row on the page it runs on.
  private static func target(of line: String, on page: [(number: Int, cell: [String: Any])]) -> String? {
    let words = line.split(separator: " ")
    guard ["favourite", "unfavourite", "download", "action"].contains(words.first ?? ""),
      let number = words.last.flatMap({ Int($0) })
    else { return nil }
    return page.first { $0.number == number }?.cell["id"] as? String
  }

  /// A page's track rows in brief, for a failure message: "1:aurora-vale-02♥ 2:aurora-vale-01 …".
  private static func brief(_ rows: [(number: Int, cell: [String: Any])]) -> String {
    rows.map { row in
      "\(row.number):\(row.cell["id"] as? String ?? "?")\(row.cell["isFavourited"] as? Bool == true ? "♥" : "")"
    }.joined(separator: " ")
  }

  private static func trackRows(of document: [String: Any]) -> [(number: Int, cell: [String: Any])] {
    let sections = (document["page"] as? [String: Any])?["sections"] as? [[String: Any]] ?? []
    return sections.flatMap { $0["rows"] as? [[String: Any]] ?? [] }.compactMap { row in
      guard let cell = row["cell"] as? [String: Any], cell["kind"] as? String == "track",
        let number = row["number"] as? Int
      else { return nil }
      return (number, cell)
    }
  }

  /// What a run wrote to standard output, and how it ended.
  struct Output: Sendable {
    var data: Data
    var wasKilled: Bool
    var errors: String
  }

  /// When a run is killed.
  enum KillMoment: CustomStringConvertible {
    /// This long after humble was launched.
    case afterLaunch(Duration)
    /// This long after humble printed its opening page in full.
    case afterOpeningPage(Duration)

    var description: String {
      switch self {
      case .afterLaunch(let delay): "killed \(delay) after launch"
      case .afterOpeningPage(let delay): "killed \(delay) after the opening page"
      }
    }
  }

  /// Runs humble on a script, killing it with SIGKILL at `kill` (or letting it finish).
  ///
  /// The run waits on a thread of its own, so that it never holds a thread of the cooperative pool that
  /// other tests' tasks need.
  private func run(script: [String], artist: String, rate: Int, kill: KillMoment?) async throws -> Transcript {
    let output = try await OwnThread.run {
      try runBlocking(script: script, artist: artist, rate: rate, kill: kill)
    }
    // Only whole lines count: a document cut by the kill was never acknowledged.
    let complete = output.data.lastIndex(of: UInt8(ascii: "\n")).map { output.data[...$0] } ?? Data()
    let documents = try complete.split(separator: UInt8(ascii: "\n")).map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    }
    return Transcript(documents: documents, wasKilled: output.wasKilled, errors: output.errors)
  }

  private func runBlocking(script: [String], artist: String, rate: Int, kill moment: KillMoment?) throws -> Output {
    let scriptURL = directory.appendingPathComponent("script.humble")
    try Data(script.joined(separator: "\n").utf8).write(to: scriptURL)
    let errorsURL = directory.appendingPathComponent("errors.txt")
    _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
    let process = Process()
    process.executableURL = HumbleTranscriptTests.binary(for: Self.self)
    process.arguments = [
      "--database", databaseURL.path, "--artist", artist, "--json", "--rows", "100", "--download-rate", "\(rate)",
      "--script", scriptURL.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = directory.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorsURL)
    process.standardInput = FileHandle.nullDevice
    // Read as humble writes, so that it never waits on a full pipe.
    let received = Mutex(Data())
    let reader = DispatchSemaphore(value: 0)
    // Signalled once the opening page has arrived in full, or the output ended without it.
    let opened = DispatchSemaphore(value: 0)
    let handle = output.fileHandleForReading
    Thread.detachNewThread {
      var hasOpened = false
      while case let chunk = handle.availableData, !chunk.isEmpty {
        received.withLock { $0.append(chunk) }
        if !hasOpened, chunk.contains(UInt8(ascii: "\n")) {
          hasOpened = true
          opened.signal()
        }
      }
      if !hasOpened { opened.signal() }
      reader.signal()
    }
    let exit = try ProcessExit.run(process)
    if let moment {
      let delay: Duration
      switch moment {
      case .afterLaunch(let duration): delay = duration
      case .afterOpeningPage(let duration):
        opened.wait()
        delay = duration
      }
      usleep(UInt32(delay.inNanoseconds / 1000))
      kill(process.processIdentifier, SIGKILL)
    }
    _ = exit.waitForStatus()
    reader.wait()
    return Output(
      data: received.withLock { $0 },
      wasKilled: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
      // Read through a file handle: Data(contentsOf:) leaks its buffer for some files (LeakSanitizer found it in
      // Foundation's readBytesFromFile under Tools/scripts/sanitize).
      errors: String(
        decoding: FileHandle(forReadingAtPath: errorsURL.path)?.readDataToEndOfFile() ?? Data(), as: UTF8.self))
  }
}
