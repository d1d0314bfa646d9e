import Foundation
import HumbleSupport
import HumbleSupportTesting
import ServicesTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `humble` in a tmux pane, as a person runs it: poster artwork reaches the terminal in 24-bit colour where the
/// terminal says it takes it (`COLORTERM=truecolor`), and in the 256-colour palette where it does not.
///
/// tmux keeps each cell's colour as the program wrote it, and `capture-pane -e` writes it back as SGR sequences, so
/// the pane shows what a terminal would have been told. The test types a line only once the pane has shown the
/// prompt: the pane's output is piped (`pipe-pane`) into a FIFO the test reads, as a person reads the screen before
/// typing (libedit discards what is typed before it starts). The pane's shell starts `humble` when the test has
/// attached the pipe, and signals when `humble` has quit, through tmux's `wait-for` channels.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TmuxColourTests {
  @Test func posterArtworkReachesATmuxPaneInTwentyFourBitColourAndIn256ColoursWithoutCOLORTERM() async throws {
    let trueColour = try await releasesPane(colourTerm: "truecolor")
    #expect(trueColour.contains("38;2;") && trueColour.contains("48;2;"), "\(trueColour.suffix(2_000))")
    #expect(trueColour.contains("▀"))
    let palette = try await releasesPane(colourTerm: nil)
    #expect(palette.contains("38;5;") && palette.contains("48;5;"), "\(palette.suffix(2_000))")
    #expect(!palette.contains("38;2;"))
  }

  /// The pane, with its colour escapes, of a tmux session (100 × 40) in which `humble --in-memory` opened the first
  /// artist's releases, waited for their artwork, and quit.
  private func releasesPane(colourTerm: String?) async throws -> String {
    let temporary = try TemporaryDirectory(prefix: "humble-tmux")
    defer { withExtendedLifetime(temporary) {} }
    let directory = temporary.url
    // The server's socket lies in the test's directory, which goes when the test ends.
    let socket = directory.appendingPathComponent("tmux").path
    let binary = HumbleTranscriptTests.binary(for: Self.self).path
    var environment = [
      "HOME": directory.path, "XDG_CACHE_HOME": directory.path + "/cache", "XDG_DATA_HOME": directory.path + "/data",
      "XDG_STATE_HOME": directory.path + "/state", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
    ]
    if let colourTerm { environment["COLORTERM"] = colourTerm }
    let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quoted($0.value)); " }
    let tmux = "tmux -S \(Self.quoted(socket))"
    let script =
      "\(tmux) wait-for humble-go; " + exports.joined() + (colourTerm == nil ? "unset COLORTERM; " : "")
      + "unset NO_COLOR; \(Self.quoted(binary)) --in-memory; \(tmux) wait-for -S humble-quit; exec cat"
    let fifo = directory.appendingPathComponent("pane")
    guard mkfifo(fifo.path, 0o600) == 0 else { throw TmuxFailure(description: "cannot make a FIFO at \(fifo.path)") }
    let screen = try PaneReader(fifo: fifo)
    try await Self.tmux(["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40", script])
    defer {
      // The pipe's writer blocks once the FIFO is full and nobody reads: the reader goes first, then the server.
      screen.close()
      _ = try? Self.runNow(["-S", socket, "kill-server"])
    }
    try await Self.tmux(["-S", socket, "pipe-pane", "-O", "cat > \(Self.quoted(fifo.path))"])
    try await Self.tmux(["-S", socket, "wait-for", "-S", "humble-go"])
    try await screen.waitFor("humble Aurora Vale> ")
    try await type("releases", socket: socket)
    try await screen.waitFor("humble Releases of Aurora Vale> ")
    try await type("wait", socket: socket)
    try await screen.waitFor("humble Releases of Aurora Vale> ")
    try await type("quit", socket: socket)
    try await Self.tmux(["-S", socket, "wait-for", "humble-quit"])
    return try await Self.capturePane(socket: socket, into: directory.appendingPathComponent("pane.txt"))
  }

  private func type(_ line: String, socket: String) async throws {
    try await Self.tmux(["-S", socket, "send-keys", "-l", line])
    try await Self.tmux(["-S", socket, "send-keys", "Enter"])
  }

  /// A text quoted for the shell.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs tmux to its end; throws when it fails (tmux missing: run Tools/scripts/bootstrap, which installs it).
  ///
  /// tmux is spawned and waited for directly, its standard streams on /dev/null: the server it starts keeps what it
  /// was handed open for as long as it runs.
  private static func tmux(_ arguments: [String]) async throws {
    try await OwnThread.run { try runNow(arguments) }
  }

  /// The pane's cells, with their colours as SGR sequences, from its first line of history to its last.
  private static func capturePane(socket: String, into file: URL) async throws -> String {
    try await tmux(["-S", socket, "capture-pane", "-e", "-S", "-", "-E", "-", "-b", "humble-pane"])
    try await tmux(["-S", socket, "save-buffer", "-b", "humble-pane", file.path])
    return try String(contentsOf: file, encoding: .utf8)
  }

  private static func runNow(_ arguments: [String]) throws {
    let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    // The test process's threads block signals that tmux relies on (a server that never sees SIGCHLD never reaps
    // its pane's pipe, and never exits): tmux starts with none blocked and every handler at its default.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw TmuxFailure(description: "cannot start tmux: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let code = (status >> 8) & 0xff
    guard status & 0x7f == 0, code == 0 else {
      throw TmuxFailure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status))")
    }
  }

  struct TmuxFailure: Error, CustomStringConvertible {
    var description: String
  }
}

/// What a tmux pane shows, read from the FIFO its `pipe-pane` writes into.
private final class PaneReader: @unchecked Sendable {
  private let descriptor: Int32
  private var raw: [UInt8] = []
  private var searchedUpTo = 0

  /// Opens the FIFO for reading and writing, so that opening does not wait for the pane's writer and reading never
  /// meets an end while the test runs.
  init(fifo: URL) throws {
    descriptor = open(fifo.path, O_RDWR)
    guard descriptor >= 0 else { throw TmuxColourTests.TmuxFailure(description: "cannot open \(fifo.path)") }
  }

  private var isOpen = true

  deinit { close() }

  /// Closes the FIFO: the pane's writer then ends.
  func close() {
    guard isOpen else { return }
    isOpen = false
    Glibc.close(descriptor)
  }

  /// Waits on a thread of its own until the pane shows `text` after what earlier waits matched (escapes left out).
  func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws {
    try await OwnThread.run { try self.waitForNow(text, timeout: timeout) }
  }

  private func waitForNow(_ text: String, timeout: Duration) throws {
    let deadline = ContinuousClock.now + timeout
    while true {
      let unread = String(decoding: PseudoTerminal.plain(raw).dropFirst(searchedUpTo), as: UTF8.self)
      if let range = unread.range(of: text) {
        searchedUpTo += unread[..<range.upperBound].utf8.count
        return
      }
      let remaining = deadline - ContinuousClock.now
      var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(remaining, .seconds(1)).inNanoseconds / 1_000_000)
      guard remaining > .zero else {
        let shown = String(decoding: PseudoTerminal.plain(raw).suffix(2_000), as: UTF8.self)
        throw TmuxColourTests.TmuxFailure(description: "the pane never showed '\(text)'; it showed: \(shown)")
      }
      guard poll(&pending, 1, max(1, milliseconds)) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 { raw += buffer[0..<count] }
    }
  }
}
