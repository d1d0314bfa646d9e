@preconcurrency import CLibEdit
import Dispatch
import Foundation
import HumbleApp
import ServicesLive

/// The interactive loop on libedit's callback interface.
///
/// The main actor never blocks on the terminal: libedit reads a key whenever standard input has one (a
/// dispatch source on the main queue), so live changes (a download's progress) are printed above the line
/// being typed, which libedit then redraws intact. Tab completes commands and their arguments, Ctrl-C clears
/// the line (or interrupts a running command), Ctrl-D on an empty line leaves, and history persists in
/// `$XDG_STATE_HOME/humble/history`.
@MainActor
final class LineEditor {
  /// What a prompt produced.
  enum Input {
    case line(String)
    case endOfInput
  }

  /// The editor libedit's C callbacks talk to.
  fileprivate static var current: LineEditor?

  fileprivate let session: Session
  private let emit: (CommandOutput) -> Void
  private let updateWidth: () -> Void
  private var pendingInput: CheckedContinuation<Input, Never>?
  private var isEditing = false
  private var keys: (any DispatchSourceRead)?
  private var keysSuspended = true
  private var interrupts: (any DispatchSourceRead)?
  private var runningCommand: Task<CommandOutput, Never>?
  /// A pipe the artist names' loader writes a byte to when a load ends.
  ///
  /// A Tab waits on it with `poll`, beside the interrupt pipe. Never closed: a load that ends after its Tab gave
  /// up still writes to it.
  private var artistNamesSettled: (reader: Int32, writer: Int32)?
  /// How long a Tab waits for the catalog's artist names before saying they are still loading.
  ///
  /// A load of the embedded catalog ends sooner (its busy timeout is 5 seconds); Ctrl-C stops the wait at once.
  static let artistNamesWait: Duration = .seconds(15)

  private init(session: Session, emit: @escaping (CommandOutput) -> Void, updateWidth: @escaping () -> Void) {
    self.session = session
    self.emit = emit
    self.updateWidth = updateWidth
  }

  /// Runs the interactive loop until `quit`, `exit` or Ctrl-D.
  static func loop(
    session: Session, emit: @escaping (CommandOutput) -> Void, updateWidth: @escaping () -> Void
  ) async {
    let editor = LineEditor(session: session, emit: emit, updateWidth: updateWidth)
    current = editor
    defer { current = nil }
    await editor.run()
  }

  private func run() async {
    setlocale(LC_CTYPE, "")
    rl_readline_name = UnsafePointer(strdup("humble"))
    rl_attempted_completion_function = complete
    // libedit reads keys through `readKey`, which Ctrl-C can wake even inside a loop of libedit's own (an
    // incremental history search reads its keys itself, with the main queue blocked until it ends).
    rl_getc_function = readKey
    _ = rl_initialize()
    _ = rl_bind_key(Int32(interruptKey), ignoreKey)
    let history = Self.historyFile()
    if let history { _ = read_history(history.path) }
    defer {
      if let history { _ = write_history(history.path) }
    }
    installInterruptHandler()
    let keys = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    keys.setEventHandler {
      MainActor.assumeIsolated {
        rl_callback_read_char()
        if interruptReadByKeyReader {
          interruptReadByKeyReader = false
          LineEditor.current?.interrupted()
        }
      }
    }
    self.keys = keys
    session.onLiveOutput = { [weak self] lines in self?.printAbovePrompt(lines) }
    session.artistNames.startLoading()
    defer {
      session.onLiveOutput = nil
      if keysSuspended { keys.resume() }
      keys.cancel()
      interrupts?.cancel()
    }
    while true {
      let input = await nextInput(prompt: "humble \(session.pageTitle ?? "")> ")
      guard case .line(let line) = input else {
        print("")
        return
      }
      if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
      updateWidth()
      let command = Task { await session.run(line) }
      runningCommand = command
      let output = await command.value
      runningCommand = nil
      emit(output)
      if output.quits { return }
    }
  }

  /// Shows the prompt and waits for a line, leaving the main actor free meanwhile.
  private func nextInput(prompt: String) async -> Input {
    await withCheckedContinuation { continuation in
      pendingInput = continuation
      isEditing = true
      rl_callback_handler_install(prompt, lineHandler)
      if keysSuspended {
        keys?.resume()
        keysSuspended = false
      }
    }
  }

  /// libedit finished a line (nil at end of input).
  fileprivate func finish(_ line: String?) {
    rl_callback_handler_remove()
    isEditing = false
    if !keysSuspended {
      keys?.suspend()
      keysSuspended = true
    }
    let continuation = pendingInput
    pendingInput = nil
    continuation?.resume(returning: line.map(Input.line) ?? .endOfInput)
  }

  /// Prints lines above the line being typed, then redraws the prompt and what was typed.
  private func printAbovePrompt(_ lines: [String]) {
    guard isEditing else { return }
    fputs("\r\u{1B}[K" + lines.joined(separator: "\n") + "\n", stdout)
    fflush(stdout)
    rl_forced_update_display()
  }

  /// Ctrl-C: clear the line being typed and prompt again, or interrupt the running command.
  ///
  /// An incremental history search (Ctrl-R) has ended by then: ``readKey(_:)`` gave libedit a key that ends
  /// it and does nothing else. The line it left (the match) is emptied, so the next line starts clean.
  fileprivate func interrupted() {
    if isEditing {
      fputs("^C\n", stdout)
      fflush(stdout)
      // Removing and installing the handler starts a fresh, empty line under the same prompt.
      let prompt = rl_prompt.map { String(cString: $0) } ?? "> "
      rl_replace_line("", 0)
      rl_callback_handler_remove()
      rl_callback_handler_install(prompt, lineHandler)
    } else if let runningCommand {
      fputs("^C\n", stdout)
      runningCommand.cancel()
    }
  }

  /// A SIGINT handler without `SA_RESTART` that only writes a byte to a pipe; the main queue does the rest.
  private func installInterruptHandler() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
    interruptPipeWriter = fds[1]
    interruptPipeReader = fds[0]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = onInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: .main)
    source.setEventHandler { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 64)
      // Nothing to read: `readKey` took this Ctrl-C already.
      guard read(fds[0], &buffer, buffer.count) > 0 else { return }
      MainActor.assumeIsolated { self?.interrupted() }
    }
    source.resume()
    interrupts = source
  }

  /// The completions of the word libedit is completing, for the C callback.
  ///
  /// An artist's name waits for the catalog's names if they are still on their way (a failed load is tried
  /// again), and says so above the line when they cannot be had.
  fileprivate func completions(before: String, word: String) -> [String] {
    var names: [String] = []
    if Completion.completesArtistName(before: before) {
      switch waitForArtistNames() {
      case .loaded(let loaded): names = loaded
      case .failed(let reason): printAbovePrompt(["Cannot complete artist names: \(reason)"])
      case .loading, .notLoaded:
        printAbovePrompt(["The catalog's artist names are still loading: press Tab again."])
      case nil: break
      }
    }
    return Completion.candidates(before: before, word: word, artistNames: names)
  }

  /// The artist names once no load is under way (one starts if they are not loaded), or where they are when
  /// ``artistNamesWait`` has passed; nil when Ctrl-C ended the wait (its handler then clears the line).
  ///
  /// Blocks the main thread, as a shell's completion does; the load runs off the main actor.
  private func waitForArtistNames() -> ArtistNameSource.Names? {
    let source = session.artistNames
    if case .loaded = source.names { return source.names }
    source.startLoading()
    guard let settled = artistNamesSettledPipe() else { return source.names }
    let deadline = ContinuousClock.now + Self.artistNamesWait
    while source.names == .loading {
      // A byte left by an earlier load that ended after its Tab gave up must not end this wait: empty the
      // pipe, then ask to be told.
      var buffer = [UInt8](repeating: 0, count: 64)
      while read(settled.reader, &buffer, buffer.count) > 0 {}
      source.whenSettled { [writer = settled.writer] in
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { break }
      var fds = [
        pollfd(fd: settled.reader, events: Int16(POLLIN), revents: 0),
        pollfd(fd: interruptPipeReader, events: Int16(POLLIN), revents: 0),
      ]
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: max(1, seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
      let ready = poll(&fds, nfds_t(interruptPipeReader >= 0 ? 2 : 1), milliseconds)
      if ready < 0, errno != EINTR { break }
      // The Ctrl-C stays in its pipe for the interrupt handler.
      if fds[1].revents & Int16(POLLIN) != 0 { return nil }
    }
    return source.names
  }

  private func artistNamesSettledPipe() -> (reader: Int32, writer: Int32)? {
    if let artistNamesSettled { return artistNamesSettled }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
    _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
    artistNamesSettled = (fds[0], fds[1])
    return artistNamesSettled
  }

  /// `$XDG_STATE_HOME/humble/history`, else `$HOME/.local/state/humble/history` (``UserDirectories``, which
  /// also places the catalog); nil if it cannot be created.
  ///
  /// Directories it creates are the owner's only (0700, as the XDG specification asks); libedit writes the
  /// file itself 0600. Directories that already exist keep their permissions.
  static func historyFile() -> URL? {
    let directory = UserDirectories().stateHome.appendingPathComponent("humble", isDirectory: true)
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return nil
    }
    return directory.appendingPathComponent("history")
  }
}

/// Where the SIGINT handler writes; set before the handler is installed.
nonisolated(unsafe) private var interruptPipeWriter: Int32 = -1
/// The other end, which the main queue and ``readKey(_:)`` read (non-blocking).
nonisolated(unsafe) private var interruptPipeReader: Int32 = -1
/// Set by ``readKey(_:)`` (on the main thread) when it took a Ctrl-C from the pipe: the key handler then
/// clears the line.
nonisolated(unsafe) private var interruptReadByKeyReader = false
/// The key ``readKey(_:)`` gives libedit for a Ctrl-C.
///
/// Bound to nothing (``ignoreKey``), it ends an incremental search and does nothing else. The terminal turns
/// a typed Ctrl-\ into SIGQUIT, so it never arrives as a key.
private let interruptKey: UInt8 = 0x1C

/// libedit's key reader: waits for a key on standard input or a Ctrl-C on the interrupt pipe.
///
/// A Ctrl-C is handed to libedit as ``interruptKey`` (and noted for the key handler). A key is handed over
/// as a whole character: libedit takes what this returns as one wide character, so the bytes of a UTF-8
/// sequence are read and decoded here (an invalid sequence gives U+FFFD).
private func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  var fds = [
    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
    pollfd(fd: interruptPipeReader, events: Int16(POLLIN), revents: 0),
  ]
  while true {
    if poll(&fds, nfds_t(interruptPipeReader >= 0 ? 2 : 1), -1) < 0 {
      if errno == EINTR { continue }
      return EOF
    }
    if fds[1].revents & Int16(POLLIN) != 0 {
      var buffer = [UInt8](repeating: 0, count: 64)
      if read(interruptPipeReader, &buffer, buffer.count) > 0 {
        interruptReadByKeyReader = true
        return Int32(interruptKey)
      }
    }
    if fds[0].revents != 0 {
      guard let lead = readByte() else { return EOF }
      if lead < 0x80 { return Int32(lead) }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      var bytes = [lead]
      while bytes.count < length, let next = readByte() { bytes.append(next) }
      let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
      return Int32(scalar.value)
    }
  }
}

/// One byte of standard input (waiting for it), or nil at its end.
private func readByte() -> UInt8? {
  var byte: UInt8 = 0
  while true {
    switch read(STDIN_FILENO, &byte, 1) {
    case 1: return byte
    case -1 where errno == EINTR || errno == EAGAIN: continue
    default: return nil
    }
  }
}

/// What ``interruptKey`` does in libedit: nothing.
private func ignoreKey(_ count: Int32, _ key: Int32) -> Int32 {
  0
}

private func onInterrupt(_ signal: Int32) {
  var byte: UInt8 = 3
  _ = write(interruptPipeWriter, &byte, 1)
}

/// libedit hands over a finished line it allocated (or nil at end of input).
private func lineHandler(_ raw: UnsafeMutablePointer<CChar>?) {
  let line = raw.map { String(cString: $0) }
  free(raw)
  MainActor.assumeIsolated { LineEditor.current?.finish(line) }
}

/// libedit's completion callback: the matches for `text`, which starts at character `start` of the line.
///
/// The array and its strings are allocated with `malloc`/`strdup`, as libedit frees them. Entry 0 is the
/// longest common prefix that replaces `text`, then every match, then NULL. No answer (with
/// `rl_attempted_completion_over` set) stops libedit from completing file names instead.
private func complete(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1
  let word = text.map { String(cString: $0) } ?? ""
  let line = rl_line_buffer.map { String(cString: $0) } ?? ""
  // libedit counts `start` in characters of its wide-character line, not bytes.
  let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(Int(max(0, start)))))
  let candidates = MainActor.assumeIsolated { LineEditor.current?.completions(before: before, word: word) ?? [] }
  guard !candidates.isEmpty else { return nil }
  // libedit reads entries 1 and 2 to tell a single match, so a single match is listed twice.
  let entries = [commonPrefix(candidates)] + candidates
  guard let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)) else {
    return nil
  }
  let matches = array.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
  for (index, entry) in entries.enumerated() { matches[index] = strdup(entry) }
  matches[entries.count] = nil
  return matches
}

/// The longest prefix the candidates share, ignoring case, spelled as the first candidate spells it.
private func commonPrefix(_ candidates: [String]) -> String {
  guard var prefix = candidates.first.map(Array.init) else { return "" }
  for candidate in candidates.dropFirst() {
    let characters = Array(candidate)
    var length = 0
    while length < min(prefix.count, characters.count),
      String(prefix[length]).lowercased() == String(characters[length]).lowercased()
    {
      length += 1
    }
    prefix = Array(prefix.prefix(length))
  }
  return String(prefix)
}
