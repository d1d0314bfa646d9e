import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import ServicesTestSupport
import Testing

/// Two people, each on a `humble` talking to a different `humble-server`, both servers over one PostgreSQL
/// database: what one does reaches the other's open page through the database's `NOTIFY`.
@Suite(.timeLimit(.minutes(5))) struct SeveralServersSessionTests {
  @Test func aFavouriteMadeThroughOneServerShowsInAHumbleOnTheOtherServer() async throws {
    try await PostgresTestDatabase.with { location in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-pg-e2e-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let session = try RemoteSessionTests()
      try Self.importDemoCatalog(into: location.description, streams: directory)
      let first = try ServerProcess(postgres: location.description)
      let second = try ServerProcess(postgres: location.description)
      defer {
        first.stop()
        second.stop()
      }
      let token = try first.addUser("ada")
      let common = ["--token", token, "--in-memory", "--artist", "Neon Harbour", "--timeout", session.patient]
      let one = try session.humble(["--server", first.url] + common, for: Self.self)
      let other = try session.humble(["--server", second.url] + common, for: Self.self)
      try await one.waitFor("humble Neon Harbour> ", timeout: RemoteSessionTests.answerWait)
      let page = try await other.waitFor("humble Neon Harbour> ", timeout: RemoteSessionTests.answerWait)
      #expect(!page.contains("♥"), "nothing is a favourite yet")

      one.type("favourite 2\r")
      let favourited = try await one.waitFor("humble Neon Harbour> ", timeout: RemoteSessionTests.answerWait)
      let row = try #require(favourited.split(separator: "\n").first { $0.contains("♥") }, "the row shows ♥")
      let title = try #require(row.split(separator: " ").dropFirst(2).first).description
      try await other.waitFor("♥", timeout: RemoteSessionTests.answerWait)
      try await other.waitFor(title, timeout: RemoteSessionTests.answerWait)
      one.type("\u{4}")
      other.type("\u{4}")
      #expect(try await one.waitForExit(timeout: RemoteSessionTests.answerWait) == 0)
      #expect(try await other.waitForExit(timeout: RemoteSessionTests.answerWait) == 0)
    }
  }

  /// `humble-server import --demo`, whose stream files go under `streams`.
  static func importDemoCatalog(into url: String, streams: URL) throws {
    let process = Process()
    process.executableURL = ServerProcess.binary
    process.arguments = ["import", "--postgres", url, "--demo"]
    process.environment = ["XDG_DATA_HOME": streams.path, "HOME": streams.path, "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    let status = try ProcessExit.run(process).waitForStatus()
    try #require(status == 0)
  }
}
