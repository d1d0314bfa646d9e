import Foundation
import HumbleSupportTesting
import ServicesTestSupport
import Testing

/// `humble` on a real pseudo-terminal: Tab completion, Ctrl-C, Ctrl-D and history recall across runs.
@Suite(.serialized, .timeLimit(.minutes(5))) struct InteractiveTests {
  /// The test's own folder, deleted after it.
  let temporary: TemporaryDirectory
  var directory: URL { temporary.url }

  init() throws {
    temporary = try TemporaryDirectory(prefix: "humble-pty")
  }

  func start(_ arguments: [String] = []) throws -> PseudoTerminal {
    try launch(
      arguments: ["--database", directory.appendingPathComponent("catalog.sqlite").path] + arguments,
      environment: ["XDG_STATE_HOME": directory.path, "HOME": directory.path])
  }

  /// `humble` on a pseudo-terminal with a UTF-8 xterm, the sanitizers' settings and `environment` (say where
  /// home and state are).
  func launch(arguments: [String], environment: [String: String]) throws -> PseudoTerminal {
    try PseudoTerminal(
      HumbleTranscriptTests.binary(for: Self.self), arguments: arguments,
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        .merging(environment) { _, given in given }
        .merging(Self.sanitizerOptions) { own, _ in own })
  }

  /// Runs `show` at the first prompt, then leaves with Ctrl-D, which saves the history.
  func showThenLeave(_ terminal: PseudoTerminal) async throws {
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("show\r")
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("\u{4}")
    #expect(try await terminal.waitForExit() == 0)
  }

  /// The sanitizers' settings of this test run (Tools/scripts/sanitize), passed on so that a sanitized
  /// `humble` reports where the script looks.
  static var sanitizerOptions: [String: String] {
    ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
  }

  @Test func aPersonCompletesWithTabInterruptsWithCtrlCAndRecallsHistoryAfterRestarting() async throws {
    let terminal = try start()
    try await terminal.waitFor("humble Aurora Vale> ")

    // Tab completes a command, then its argument; the command runs.
    terminal.type("sor\t")
    try await terminal.waitFor("sort ")
    terminal.type("pop\t")
    try await terminal.waitFor("popular")
    terminal.type("\r")
    let sorted = try await terminal.waitFor("humble Aurora Vale> ")
    #expect(sorted.contains("── Tracks ──"))

    // Ctrl-C clears the half-typed line and keeps the REPL running.
    terminal.type("garbage")
    try await terminal.waitFor("garbage")
    terminal.type("\u{3}")
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("help sort\r")
    let help = try await terminal.waitFor("humble Aurora Vale> ")
    #expect(help.contains("usage: sort <"))
    #expect(!help.contains("garbage"), "the interrupted line was discarded")
    #expect(terminal.isRunning)

    // A name with spaces and accents completes from a few typed letters.
    terminal.type("artist hél\t")
    try await terminal.waitFor("Hélène & the Hourglass")
    terminal.type("\r")
    try await terminal.waitFor("humble Hélène & the Hourglass> ")

    // Ctrl-D on an empty line leaves, saving the history.
    terminal.type("\u{4}")
    #expect(try await terminal.waitForExit() == 0)
    let history = try String(
      contentsOf: directory.appendingPathComponent("humble/history"), encoding: .utf8)
    #expect(history.contains("sort"))

    // The next run recalls the last command with Ctrl-P (previous history entry).
    let again = try start()
    try await again.waitFor("humble Aurora Vale> ")
    again.type("\u{10}")
    try await again.waitFor("artist Hélène & the Hourglass")
    again.type("\r")
    try await again.waitFor("humble Hélène & the Hourglass> ")
    again.type("quit\r")
    #expect(try await again.waitForExit() == 0)
  }

  @Test func downloadProgressAppearsAboveTheLineBeingTypedWhichSurvives() async throws {
    // At 1 KB/s the download lasts well over a minute and reports progress every few seconds, so progress keeps
    // arriving after the half-typed command is echoed however slowly this machine echoes it (under Thread
    // Sanitizer on a loaded machine a 3-second download was over before the echo).
    let terminal = try start(["--download-rate", "1"])
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("download 2\r")
    try await terminal.waitFor("humble Aurora Vale> ")
    // Type half a command and leave it there while the download runs.
    terminal.type("sho")
    try await terminal.waitFor("sho")
    let progress = try await terminal.waitFor("%")
    #expect(progress.contains("⋯  Glacier"), "a row that is downloading shows its progress")
    // The progress row is printed above the prompt, which comes back with what was typed.
    try await terminal.waitFor("humble Aurora Vale> sho")
    terminal.type("w\r")
    let shown = try await terminal.waitFor("humble Aurora Vale> ")
    #expect(shown.contains("2   ⋯  Glacier"), "the completed command ran: \(shown)")
    // Cancelled through the row's edit action, the transfer ends (and its partial file goes) before the prompt.
    terminal.type("action cancel download 2\r")
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("show\r")
    let cancelled = try await terminal.waitFor("humble Aurora Vale> ")
    #expect(cancelled.contains("    2      Glacier"), "\(cancelled)")
    terminal.type("quit\r")
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test func ctrlCWhileSearchingTheHistoryLeavesAFreshEmptyLine() async throws {
    let terminal = try start()
    try await terminal.waitFor("humble Aurora Vale> ")
    terminal.type("sort popular\r")
    try await terminal.waitFor("humble Aurora Vale> ")
    // Ctrl-R searches the history backwards: after one letter the search shows the line it matched.
    terminal.type("\u{12}")
    try await terminal.waitFor("bck:")
    terminal.type("p")
    try await terminal.waitFor("sort popular")
    terminal.type("\u{3}")
    try await terminal.waitFor("^C")
    try await terminal.waitFor("humble Aurora Vale> ")
    // The next line is what is typed, not typed into the match ("historypular"), and it runs.
    terminal.type("history\r")
    let listed = try await terminal.waitFor("humble Aurora Vale> ")
    #expect(listed.contains("1  sort popular"))
    #expect(listed.contains("2  history"), "\(listed)")
    #expect(terminal.isRunning)
    terminal.type("\u{4}")
    #expect(try await terminal.waitForExit() == 0)
  }

  @Test("Without XDG_STATE_HOME the history goes under $HOME, where the catalog goes without XDG_DATA_HOME")
  func historyFollowsHome() async throws {
    let home = directory.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try await showThenLeave(launch(arguments: [], environment: ["HOME": home.path]))
    let history = home.appendingPathComponent(".local/state/humble/history")
    #expect(try String(contentsOf: history, encoding: .utf8).contains("show"))
    #expect(
      FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/humble/catalog.sqlite").path))
  }

  @Test("The history file and its directories are readable by their owner only, whatever the umask")
  func historyIsPrivate() async throws {
    let state = directory.appendingPathComponent("state/nested")
    let previous = umask(0o022)
    let terminal: PseudoTerminal
    do {
      defer { umask(previous) }
      terminal = try launch(
        arguments: ["--database", directory.appendingPathComponent("catalog.sqlite").path],
        environment: ["XDG_STATE_HOME": state.path, "HOME": directory.path])
    }
    try await showThenLeave(terminal)
    func permissions(_ url: URL) -> Int? {
      ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber)?.intValue
    }
    let history = state.appendingPathComponent("humble/history")
    #expect(permissions(history) == 0o600)
    for folder in [directory.appendingPathComponent("state"), state, state.appendingPathComponent("humble")] {
      #expect(permissions(folder) == 0o700, "\(folder.path): \(String(permissions(folder) ?? 0, radix: 8))")
    }
    #expect(try String(contentsOf: history, encoding: .utf8).contains("show"))
  }
}
