import Foundation
import HumbleApp
import ServicesTestSupport
import Testing

/// What `humble -c`, `--script` and standard input print, tested in process: the executable only hands them over.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScriptRunnerTests: OasisSessionFixture {
  let musicAPI = MockMusicAPI()
  let downloads = MockDownloadsManager()
  let favourites = MockFavouritesManager()

  /// A runner whose output and errors are collected.
  @MainActor final class Collected {
    var output: [String] = []
    var errors: [String] = []

    func runner(json: Bool = false, bail: Bool = false) -> ScriptRunner {
      ScriptRunner(
        json: json, bail: bail, writeOutput: { [self] in output.append($0) },
        writeError: { [self] in errors.append($0) })
    }
  }

  @Test func aFailingCommandWritesOneErrorLineAndTheScriptGoesOnButFails() async {
    let session = makeSession()
    let collected = Collected()
    let succeeded = await collected.runner().run(["artist oasis", "selct 1", "history"], in: session)
    #expect(!succeeded)
    #expect(
      collected.errors == [
        "error: Unknown command 'selct'. Did you mean 'select'? Type 'help' for the list of commands."
      ])
    #expect(collected.output.suffix(2) == ["1  artist oasis", "2  history"])
  }

  @Test func bailStopsAtTheFirstFailingCommand() async {
    let session = makeSession()
    let collected = Collected()
    let succeeded = await collected.runner(bail: true).run(["artist oasis", "select 9", "history"], in: session)
    #expect(!succeeded)
    #expect(collected.errors == ["error: There is no row 9: the page has 3 rows."])
    #expect(!collected.output.contains("2  select 9"))
  }

  @Test func quitEndsTheScriptAndBlankLinesPrintNothing() async {
    let session = makeSession()
    let collected = Collected()
    #expect(await collected.runner(json: true).run(["", "quit", "artist oasis"], in: session))
    #expect(collected.output == [#"{"command":"quit","ok":true}"#])
    #expect(collected.errors.isEmpty)
  }

  @Test func aScriptThatCannotBeReadSaysWhichFileAndWhy() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing").path
    #expect(throws: ScriptError(description: "no script file at \(missing)")) {
      try ScriptRunner.readScript(at: missing)
    }
    #expect(throws: ScriptError(description: "cannot read script file \(directory.path) (a directory)")) {
      try ScriptRunner.readScript(at: directory.path)
    }
    let latin1 = directory.appendingPathComponent("latin1")
    try Data([0x73, 0x68, 0x6F, 0x77, 0xE9, 0xFF]).write(to: latin1)
    #expect(throws: ScriptError(description: "script file \(latin1.path) is not UTF-8 text")) {
      try ScriptRunner.readScript(at: latin1.path)
    }
  }
}
