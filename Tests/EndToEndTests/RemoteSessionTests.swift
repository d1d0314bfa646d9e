import Foundation
import HumbleSupportTesting
import ServicesTestSupport
import Testing

/// `humble --server`: two people on one `humble-server`, and a server that is not there.
@Suite(.serialized, .timeLimit(.minutes(5))) struct RemoteSessionTests {
  /// The test's own folder, deleted after it.
  let temporary: TemporaryDirectory
  var directory: URL { temporary.url }

  /// The client's request limit (`--timeout`) in sessions that are not about it: under the thread sanitizer on a
  /// loaded machine a page can take longer than the default 10 s, and the suite's time limit catches a hang.
  static let patience: Duration = .seconds(120)
  /// ``patience`` as `--timeout` takes it.
  let patient = "\(Self.patience.components.seconds)"
  /// How long a wait for the terminal's answer may take: the client's own limit, and some for the terminal.
  static let answerWait: Duration = patience + .seconds(30)

  init() throws {
    temporary = try TemporaryDirectory(prefix: "humble-remote")
  }

  /// `humble` with `arguments` in a pseudo-terminal, run for `suite`.
  func humble(_ arguments: [String], for suite: Any.Type = RemoteSessionTests.self) throws -> PseudoTerminal {
    try PseudoTerminal(
      HumbleTranscriptTests.binary(for: suite), arguments: arguments,
      environment: [
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_STATE_HOME": directory.path,
        "XDG_DATA_HOME": directory.path, "HOME": directory.path, "PATH": "/usr/bin:/bin",
      ].merging(InteractiveTests.sanitizerOptions) { own, _ in own })
  }

  @Test func aFavouriteMadeInOneHumbleShowsInTheOthersOpenPageWithoutACommand() async throws {
    let server = try ServerProcess(database: directory.appendingPathComponent("catalog.sqlite"))
    defer { server.stop() }
    let token = try server.addUser("ada")
    let arguments = [
      "--server", server.url, "--token", token, "--in-memory", "--artist", "Neon Harbour", "--timeout", patient,
    ]
    let first = try humble(arguments)
    let second = try humble(arguments)
    try await first.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    let secondPage = try await second.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(!secondPage.contains("♥"), "nothing is a favourite yet")

    first.type("favourite 3\r")
    let favourited = try await first.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    let row = try #require(favourited.split(separator: "\n").first { $0.contains("♥") }, "the row shows ♥")
    let title = try #require(row.split(separator: " ").dropFirst(2).first).description

    // Nothing is typed into the second humble: its open page learns of the change from the server's feed.
    let live = try await second.waitFor("♥", timeout: Self.answerWait)
    try await second.waitFor(title, timeout: Self.answerWait)
    #expect(second.isRunning)
    #expect(!live.contains("error"))
    first.type("\u{4}")
    second.type("\u{4}")
    #expect(try await first.waitForExit(timeout: Self.answerWait) == 0)
    #expect(try await second.waitForExit(timeout: Self.answerWait) == 0)
  }

  @Test func aServerThatIsNotThereIsOneLineAndExitStatus1() async throws {
    // A port the server held and gave back: nothing listens there now.
    let server = try ServerProcess(database: directory.appendingPathComponent("catalog.sqlite"))
    let url = server.url
    server.stop()
    let run = try await humbleToEnd(["--server", url, "--in-memory", "-c", "show"])
    #expect(run.status == 1)
    #expect(run.reported.split(separator: "\n").count == 1)
    #expect(run.reported.contains("server at \(url) refused the connection"), "\(run.reported)")
    #expect(run.printed.isEmpty)
  }

  @Test func aServerThatDoesNotAnswerFailsWhenTheTimeoutFiresInOneLineAndExitStatus1() async throws {
    let server = try ServerProcess(database: directory.appendingPathComponent("catalog.sqlite"))
    defer {
      server.signal(SIGCONT)
      server.stop()
    }
    // Stopped, the server's socket still accepts connections (the kernel does that) but nothing ever answers:
    // the request can only end by the timeout, however slow the machine.
    server.signal(SIGSTOP)
    let run = try await humbleToEnd(["--server", server.url, "--in-memory", "--timeout", "1", "-c", "show"])
    #expect(run.status == 1)
    #expect(run.reported.split(separator: "\n").count == 1)
    #expect(run.reported.contains("server at \(server.url) timed out after 1 s"), "\(run.reported)")
    #expect(run.printed.isEmpty)
  }

  /// Runs `humble` with `arguments` to the end: its exit status, standard output and standard error.
  private func humbleToEnd(_ arguments: [String]) async throws -> (status: Int32, printed: Data, reported: String) {
    let process = Process()
    process.executableURL = HumbleTranscriptTests.binary(for: Self.self)
    process.arguments = arguments
    // The sanitizers' settings go along, so that a sanitized humble reports where Tools/scripts/sanitize looks
    // and not on the standard error this test reads.
    process.environment = ["XDG_DATA_HOME": directory.path, "HOME": directory.path, "PATH": "/usr/bin:/bin"]
      .merging(InteractiveTests.sanitizerOptions) { own, _ in own }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let exit = try ProcessExit.run(process)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (await exit.status(), printed, reported)
  }
}

/// The real `humble-server`, built beside this test bundle, on a free loopback port over a catalog file.
final class ServerProcess {
  let url: String
  private let process = Process()
  private let exit: ProcessExit

  static var binary: URL {
    HumbleTranscriptTests.builtBinary(named: "humble-server")
  }

  /// How the server and `user add` name the catalog: `--database FILE` or `--postgres URL`.
  private let catalogArguments: [String]

  /// Starts the server (on `port`, or a free one) and waits for the first line of its output: the URL it serves on.
  convenience init(database: URL, port: Int = 0) throws {
    try self.init(catalog: ["--database", database.path], port: port)
  }

  /// Starts a server over a catalog in PostgreSQL.
  convenience init(postgres url: String, port: Int = 0) throws {
    try self.init(catalog: ["--postgres", url], port: port)
  }

  private init(catalog: [String], port: Int) throws {
    catalogArguments = catalog
    process.executableURL = Self.binary
    process.arguments = catalog + ["--port", String(port)]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    exit = try ProcessExit.run(process)
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
      line.append(data)
    }
    url = String(decoding: line, as: UTF8.self).split(separator: "\n")[0].description
  }

  deinit { stop() }

  /// A new user of the server's catalog, and the token that signs them in.
  func addUser(_ name: String) throws -> String {
    let adding = Process()
    adding.executableURL = Self.binary
    adding.arguments = ["user", "add", name] + catalogArguments
    let output = Pipe()
    adding.standardOutput = output
    let exit = try ProcessExit.run(adding)
    let token = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    _ = exit.waitForStatus()
    return token.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends the server a signal without waiting (SIGSTOP makes it a server that accepts and never answers).
  func signal(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Stops the server (SIGTERM, or the signal given) and waits for it to exit.
  func stop(signal: Int32 = SIGTERM) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, signal)
    _ = exit.waitForStatus()
  }
}

extension RemoteSessionTests {
  @Test func aServerKilledMidSessionFailsTheReloadWithTheReasonKeepsTheRowsAndComesBackAfterARestart() async throws {
    let database = directory.appendingPathComponent("catalog.sqlite")
    var server = try ServerProcess(database: database)
    defer { server.stop() }
    let port = try #require(URLComponents(string: server.url)?.port)
    let terminal = try humble([
      "--server", server.url, "--in-memory", "--artist", "Neon Harbour", "--no-color", "--timeout", patient,
    ])
    try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)

    server.stop(signal: SIGKILL)
    terminal.type("reload\r")
    let failed = try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(failed.contains("server at \(server.url) refused the connection"), "\(failed)")
    terminal.type("show\r")
    let kept = try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(kept.contains("Chrome Tides"), "the rows stay")

    server = try ServerProcess(database: database, port: port)
    terminal.type("reload\r")
    let reloaded = try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(!reloaded.contains("error"), "\(reloaded)")
    #expect(reloaded.contains("Chrome Tides"))
    terminal.type("\u{4}")
    #expect(try await terminal.waitForExit(timeout: Self.answerWait) == 0)
  }

  @Test func browsingWithoutATokenWorksAndAFavouriteSaysATokenIsNeeded() async throws {
    let server = try ServerProcess(database: directory.appendingPathComponent("catalog.sqlite"))
    defer { server.stop() }
    let terminal = try humble(["--server", server.url, "--in-memory", "--artist", "Neon Harbour", "--timeout", patient])
    try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    terminal.type("sort popular\r")
    let sorted = try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(sorted.contains("Salt & Static"))
    terminal.type("favourite 1\r")
    let refused = try await terminal.waitFor("humble Neon Harbour> ", timeout: Self.answerWait)
    #expect(
      refused.contains("error: Favourites storage failed: favourites belong to a user: start humble with --token"))
    terminal.type("\u{4}")
    #expect(try await terminal.waitForExit(timeout: Self.answerWait) == 0)
  }
}
