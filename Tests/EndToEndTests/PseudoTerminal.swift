import Foundation
import HumbleSupport
import ServicesTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A program running on a real pseudo-terminal, driven as a person at a keyboard would drive it.
///
/// The child gets its own session with the terminal as its controlling terminal, so Ctrl-C typed into the
/// terminal raises SIGINT through the line discipline, exactly as in a terminal emulator.
///
/// Its waits block: from a test, use their `async` forms, which wait on a thread of their own.
final class PseudoTerminal: @unchecked Sendable {
  // @unchecked: one test drives it, one call at a time (an `async` wait runs the blocking one on its own thread).
  struct Timeout: Error, CustomStringConvertible {
    var expected: String
    var screen: String
    var description: String { "timed out waiting for \(expected.debugDescription); the terminal shows:\n\(screen)" }
  }

  private let master: Int32
  let pid: pid_t
  /// Everything the program wrote, with escape sequences and carriage returns removed.
  var transcript: String { String(decoding: Self.plain(raw), as: UTF8.self) }
  private var raw: [UInt8] = []
  /// How many bytes of the plain transcript earlier waits have consumed.
  private var searchedUpTo = 0

  /// glibc's flag for `setsid()` in the child (not imported into Swift).
  private static let spawnSetsid: Int16 = 0x80

  init(_ executable: URL, arguments: [String], environment: [String: String], rows: UInt16 = 30, columns: UInt16 = 100)
    throws
  {
    let terminal = try Self.openTerminalPair()
    master = terminal.master
    let slavePath = terminal.slavePath
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid(), the terminal becomes the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Self.spawnSetsid)

    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    pid = child
  }

  /// glibc's pseudo-terminal calls, which the Glibc module does not import (they need _XOPEN_SOURCE).
  private static func openTerminalPair() throws -> (master: Int32, slavePath: String) {
    typealias Open = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let library = dlopen(nil, RTLD_NOW)
    func function<T>(_ name: String, as type: T.Type) throws -> T {
      guard let symbol = dlsym(library, name) else { throw POSIXError(.ENOSYS) }
      return unsafeBitCast(symbol, to: type)
    }
    let openpt = try function("posix_openpt", as: Open.self)
    let grantpt = try function("grantpt", as: Open.self)
    let unlockpt = try function("unlockpt", as: Open.self)
    let ptsname = try function("ptsname", as: Name.self)
    let master = openpt(O_RDWR | O_NOCTTY)
    guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      throw POSIXError(.ENOTTY)
    }
    return (master, String(cString: name))
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(master)
  }

  /// Types text (control characters included: "\t" is Tab, "\u{3}" Ctrl-C, "\u{4}" Ctrl-D, "\r" Return).
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
  }

  /// Waits until the text appears after what earlier waits matched, and returns what came before it.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(20)) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      let unread = String(decoding: Self.plain(raw).dropFirst(searchedUpTo), as: UTF8.self)
      if let range = unread.range(of: text) {
        searchedUpTo += unread[..<range.upperBound].utf8.count
        return String(unread[..<range.lowerBound])
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero, readAvailable(waitingUpTo: min(remaining, .milliseconds(200))) else {
        throw Timeout(expected: text, screen: String(transcript.suffix(2_000)))
      }
    }
  }

  /// ``waitFor(_:timeout:)`` on a thread of its own, so that the awaiting test holds none of the threads Swift
  /// concurrency shares between tests while the program works.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(20)) async throws -> String {
    try await OwnThread.run { try self.waitFor(text, timeout: timeout) }
  }

  /// Reads what is there, waiting a little; false at end of output.
  private func readAvailable(waitingUpTo wait: Duration) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(wait.inNanoseconds / 1_000_000)
    guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { return true }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return false }
    raw += buffer[0..<count]
    return true
  }

  /// Waits for the program to exit and returns its exit status (or 128 + the signal).
  func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      _ = readAvailable(waitingUpTo: .milliseconds(50))
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
      }
    }
    throw Timeout(expected: "exit", screen: String(transcript.suffix(2_000)))
  }

  /// ``waitForExit(timeout:)`` on a thread of its own.
  func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
    try await OwnThread.run { try self.waitForExit(timeout: timeout) }
  }

  /// Whether the program is still running.
  var isRunning: Bool { kill(pid, 0) == 0 && waitpid(pid, nil, WNOHANG) == 0 }

  /// The output without ANSI escape sequences and carriage returns.
  static func plain(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
          index += 1
          while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        }
        index += 1
      } else {
        if byte != UInt8(ascii: "\r") && byte != 0x07 { result.append(byte) }
        index += 1
      }
    }
    return result
  }
}
