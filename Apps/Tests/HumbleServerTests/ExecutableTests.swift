import CatalogAPI
import Foundation
import HumbleSupportTesting
import ServicesTestSupport
import Testing

/// The real `humble-server` binary, built beside this test bundle.
@Suite(.timeLimit(.minutes(5))) struct ExecutableTests {
  /// The test's own folder, deleted after it.
  let temporary: TemporaryDirectory
  var directory: URL { temporary.url }

  init() throws {
    temporary = try TemporaryDirectory(prefix: "humble-server-e2e")
  }

  static var binary: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("humble-server")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent().appendingPathComponent("humble-server")
  }

  @Test func theServerPrintsItsURLFirstAnswersAndExitsZeroOnSIGTERM() async throws {
    let server = try ServerProcess(arguments: ["--port", "0", "--in-memory"], directory: directory)
    let url = try #require(URL(string: try await server.firstLine()))
    #expect(url.absoluteString.hasPrefix("http://127.0.0.1:"))
    let response: HTTPTestResponse
    do {
      response = try await HTTPTestClient(url: url).send(.GET, CatalogAPI.Path.artists)
    } catch {
      // What the server said says why (it logs every request and every failure).
      Issue.record("the request failed: \(error); the server's log: \(server.errors())")
      throw error
    }
    #expect(response.status == 200)
    #expect(try CatalogJSON.decoder().decode(ArtistList.self, from: response.body).artists.count >= 8)
    server.signal(SIGTERM)
    #expect(await server.exitStatus() == 0)
    #expect(server.errors().contains("status=200"))
  }

  @Test func sigintEndsAnOpenFeedAndExitsZero() async throws {
    let database = directory.appendingPathComponent("catalog.sqlite").path
    let added = try await run(["user", "add", "ada", "--database", database])
    #expect(added.status == 0)
    let token = try #require(added.output.first)
    let server = try ServerProcess(arguments: ["--port", "0", "--database", database], directory: directory)
    let url = try #require(URL(string: try await server.firstLine()))
    let feed = try await HTTPTestClient(url: url).stream(
      CatalogAPI.Path.favouriteEvents, headers: [("Authorization", "Bearer \(token)")])
    #expect(try await feed.nextLine() == "event: ready")
    server.signal(SIGINT)
    #expect(try await feed.nextLine() == #"data: {"version":0}"#)
    #expect(try await feed.nextLine() == nil)
    #expect(await server.exitStatus() == 0)
  }

  @Test func userAddPrintsATokenAloneAndRefusesATakenName() async throws {
    let database = directory.appendingPathComponent("catalog.sqlite").path
    let first = try await run(["user", "add", "ada", "--database", database])
    #expect(first.status == 0)
    #expect(first.output.count == 1)
    #expect(first.output.first?.hasPrefix("hmb_") == true)
    #expect(first.output.first?.count == 4 + 43)
    let again = try await run(["user", "add", "ada", "--database", database])
    #expect(again.status == 1)
    #expect(again.output.isEmpty)
    #expect(again.errors == ["humble-server: A user named 'ada' already exists."])
  }

  @Test func userListRevokeAndTokenManageTheUsersInPlainLines() async throws {
    let database = directory.appendingPathComponent("catalog.sqlite").path
    #expect(try await run(["user", "list", "--database", database]).output == ["No users."])
    let added = try await run(["user", "add", "ada", "--database", database])
    #expect(added.status == 0)
    _ = try await run(["user", "add", "bob", "--database", database])

    let revoked = try await run(["user", "revoke", "ada", "--database", database])
    #expect(revoked.status == 0)
    #expect(revoked.output == ["Revoked the token of 'ada'."])
    let again = try await run(["user", "revoke", "ada", "--database", database])
    #expect(again.output == ["The token of 'ada' was already revoked."])

    let listed = try await run(["user", "list", "--database", database])
    #expect(listed.status == 0)
    #expect(listed.output.count == 3)
    #expect(
      listed.output.first?.split(separator: " ", omittingEmptySubsequences: true) == [
        "NAME", "ADDED", "FAVOURITES", "TOKEN",
      ])
    let ada = listed.output.dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
    #expect(ada.first == "ada")
    #expect(ada.dropFirst(2).first == "0")
    #expect(ada.dropFirst(3).first == "revoked")
    #expect(listed.output.last?.hasSuffix("active") == true)

    let renewed = try await run(["user", "token", "ada", "--database", database])
    #expect(renewed.status == 0)
    #expect(renewed.output.first?.hasPrefix("hmb_") == true)
    #expect(renewed.output.first != added.output.first)
    #expect(
      try await run(["user", "list", "--database", database]).output.dropFirst().first?.hasSuffix("active") == true)

    let unknown = try await run(["user", "revoke", "cy", "--database", database])
    #expect(unknown.status == 1)
    #expect(unknown.errors == ["humble-server: No user named 'cy'."])
  }

  @Test(arguments: [
    ["--bogus"], ["--port", "70000"], ["--in-memory", "--database", "x.sqlite"], ["--port", "many"],
    ["--max-feeds-per-user", "0"], ["--feed-queue-limit", "-1"], ["--max-feeds-per-user", "lots"],
    ["--listen-backlog", "0"], ["--listen-backlog", "70000"], ["--max-connections", "0"], ["--idle-timeout", "0"],
    ["--rate-limit", "fast"],
  ])
  func aBadFlagIsOneLineAndExitStatus1(arguments: [String]) async throws {
    let run = try await run(arguments)
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("humble-server: ") == true)
    #expect(run.output.isEmpty)
  }

  @Test(arguments: ["ftp://music.example", "music.example", "https://", "https://music.example/?a=b"])
  func aPublicURLThatIsNotAnHTTPAddressIsRefusedInOneLine(publicURL: String) async throws {
    let run = try await run(["--in-memory", "--public-url", publicURL])
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "humble-server: --public-url must be an http or https URL with a host and no query, such as "
          + "https://music.example, not '\(publicURL)'."
      ])
  }

  @Test func theServerHandsOutStreamURLsAtItsPublicURL() async throws {
    let server = try ServerProcess(
      arguments: ["--port", "0", "--in-memory", "--public-url", "https://music.example"], directory: directory)
    let url = try #require(URL(string: try await server.firstLine()))
    let artists = try await HTTPTestClient(url: url).send(.GET, CatalogAPI.Path.artists)
    let artist = try #require(try CatalogJSON.decoder().decode(ArtistList.self, from: artists.body).artists.first)
    let tracks = try await HTTPTestClient(url: url).send(
      .GET, CatalogAPI.Path.tracks(ofArtist: artist.id.rawValue) + "?limit=1", headers: [("Host", "evil.test")])
    #expect(tracks.text.contains("https://music.example/v1/tracks/"))
    #expect(!tracks.text.contains("evil.test"))
    server.signal(SIGTERM)
    #expect(await server.exitStatus() == 0)
  }

  @Test func theDemoCatalogsStreamsComeFromItsStreamFolderAndNoOther() async throws {
    let empty = directory.appendingPathComponent("empty-folder")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    for (flags, status) in [([String](), 200), (["--stream-folder", empty.path], 404)] {
      let server = try ServerProcess(arguments: ["--port", "0", "--in-memory"] + flags, directory: directory)
      let client = HTTPTestClient(url: try #require(URL(string: try await server.firstLine())))
      let artists = try await client.send(.GET, CatalogAPI.Path.artists)
      let artist = try #require(try CatalogJSON.decoder().decode(ArtistList.self, from: artists.body).artists.first)
      let tracks = try await client.send(.GET, CatalogAPI.Path.tracks(ofArtist: artist.id.rawValue) + "?limit=1")
      let track = try #require(try CatalogJSON.decoder().decode(TrackPageBody.self, from: tracks.body).tracks.first)
      let stream = try await client.send(.GET, CatalogAPI.Path.stream(ofTrack: track.id.rawValue))
      #expect(stream.status == status, "\(flags): \(stream.text)")
      server.signal(SIGTERM)
      #expect(await server.exitStatus() == 0)
    }
  }

  @Test func aStreamFolderThatIsNotAFolderIsRefusedInOneLine() async throws {
    let file = directory.appendingPathComponent("a-file")
    try Data().write(to: file)
    for folder in [directory.appendingPathComponent("missing").path, file.path, ""] {
      let run = try await run(["--in-memory", "--stream-folder", folder])
      #expect(run.status == 1)
      #expect(run.errors == ["humble-server: --stream-folder must be an existing folder, not '\(folder)'."])
    }
  }

  @Test func artworkIsWrittenToTheArtworkFolderOnItsFirstRequest() async throws {
    let folder = directory.appendingPathComponent("art", isDirectory: true)
    let server = try ServerProcess(
      arguments: ["--port", "0", "--in-memory", "--artwork-folder", folder.path], directory: directory)
    let client = HTTPTestClient(url: try #require(URL(string: try await server.firstLine())))
    let artists = try await client.send(.GET, CatalogAPI.Path.artists)
    let artist = try #require(try CatalogJSON.decoder().decode(ArtistList.self, from: artists.body).artists.first)
    let image = try #require(artist.imageURL)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    let cover = try await client.send(.GET, image.path)
    #expect(cover.status == 200, "\(cover.text)")
    #expect(cover.header("Content-Type") == "image/png")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    server.signal(SIGTERM)
    #expect(await server.exitStatus() == 0)
  }

  @Test func anArtworkFolderThatIsAFileIsRefusedInOneLine() async throws {
    let file = directory.appendingPathComponent("a-file")
    try Data().write(to: file)
    for folder in [file.path, ""] {
      let run = try await run(["--in-memory", "--artwork-folder", folder])
      #expect(run.status == 1)
      #expect(
        run.errors == [
          "humble-server: --artwork-folder must be a folder or a path where one can be made, not '\(folder)'."
        ])
    }
  }

  @Test func anUnopenableDatabaseIsOneLineAndExitStatus1() async throws {
    let run = try await run(["--port", "0", "--database", directory.path])
    #expect(run.status == 1)
    #expect(run.errors == ["humble-server: Cannot open the catalog database at \(directory.path): it is a directory."])
  }

  struct Run {
    var output: [String]
    var errors: [String]
    var status: Int32
  }

  /// Runs the binary to its end, on a thread of its own (the shared concurrency threads must not block).
  func run(_ arguments: [String]) async throws -> Run {
    let directory = directory
    return try await OwnThread.run {
      let process = Process()
      process.executableURL = Self.binary
      process.arguments = arguments
      process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.path]) { $1 }
      process.currentDirectoryURL = directory
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      let exit = try ProcessExit.run(process)
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = errors.fileHandleForReading.readDataToEndOfFile()
      return Run(output: Self.lines(outputData), errors: Self.lines(errorData), status: exit.waitForStatus())
    }
  }

  static func lines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// A `humble-server` process running in the background.
final class ServerProcess: @unchecked Sendable {
  // @unchecked: `process` and the pipes are only touched through their own thread-safe methods.
  private let process = Process()
  private let exit: ProcessExit
  private let output = Pipe()
  private let errorOutput = Pipe()
  private let errorText = ErrorText()

  init(arguments: [String], directory: URL, environment: [String: String] = [:]) throws {
    process.executableURL = ExecutableTests.binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      environment.merging(["XDG_DATA_HOME": directory.path]) { $1 }
    ) { $1 }
    process.standardOutput = output
    process.standardError = errorOutput
    exit = try ProcessExit.run(process)
    let handle = errorOutput.fileHandleForReading
    let errorText = errorText
    Thread.detachNewThread {
      while case let data = handle.availableData, !data.isEmpty { errorText.append(data) }
      errorText.end()
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// The first line of standard output (read on a thread of its own).
  func firstLine() async throws -> String {
    let handle = output.fileHandleForReading
    return try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        var line = Data()
        while true {
          let data = handle.availableData
          if data.isEmpty { break }
          line.append(data)
          if line.contains(UInt8(ascii: "\n")) { break }
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first else {
          continuation.resume(throwing: CocoaError(.fileReadCorruptFile))
          return
        }
        continuation.resume(returning: String(text))
      }
    }
  }

  func signal(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// The exit status, once the process has ended.
  func exitStatus() async -> Int32 {
    await exit.status()
  }

  /// What it has written to standard error so far.
  func errors() -> String { errorText.text }

  /// Returns once `count` lines of standard error (since the start) match, true; false if the process ends first.
  func waitUntilErrorLines(count: Int = 1, match matches: @escaping @Sendable (Substring) -> Bool) async -> Bool {
    await errorText.waitUntilLines(count: count, match: matches)
  }

  /// The process's resident memory in bytes (`VmRSS` of `/proc/PID/status`), or nil where there is no `/proc`.
  func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
  }
}

/// Text collected from a pipe by one thread and read by another, line by line as it comes.
final class ErrorText: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private struct Waiter {
    let matches: @Sendable (Substring) -> Bool
    /// How many more lines must match.
    var remaining: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  private let lock = NSLock()
  private var data = Data()
  /// Where the first line not yet read whole starts.
  private var unread = 0
  private var lines: [Substring] = []
  private var waiters: [Waiter] = []
  private var isEnded = false

  func append(_ more: Data) {
    let satisfied: [CheckedContinuation<Bool, Never>] = lock.withLock {
      data.append(more)
      var satisfied: [CheckedContinuation<Bool, Never>] = []
      while let newline = data[unread...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Substring(decoding: data[unread..<newline], as: UTF8.self)
        lines.append(line)
        unread = newline + 1
        for index in waiters.indices where waiters[index].matches(line) { waiters[index].remaining -= 1 }
        satisfied += waiters.filter { $0.remaining <= 0 }.map(\.continuation)
        waiters.removeAll { $0.remaining <= 0 }
      }
      return satisfied
    }
    for continuation in satisfied { continuation.resume(returning: true) }
  }

  /// The pipe has ended (the process closed it or exited): nothing more will come.
  func end() {
    let waiting = lock.withLock {
      isEnded = true
      defer { waiters = [] }
      return waiters.map(\.continuation)
    }
    for continuation in waiting { continuation.resume(returning: false) }
  }

  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

  /// Returns once `count` lines (since the start) match, true; false if the pipe ends first.
  func waitUntilLines(count: Int, match matches: @escaping @Sendable (Substring) -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
      let answer: Bool? = lock.withLock {
        let remaining = count - lines.lazy.filter(matches).count
        if remaining <= 0 { return true }
        if isEnded { return false }
        waiters.append(Waiter(matches: matches, remaining: remaining, continuation: continuation))
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }
}
