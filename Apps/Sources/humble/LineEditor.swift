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
    _ = rl_initialize()
    let history = Self.historyFile()
    if let history { _ = read_history(history.path) }
    defer {
      if let history { _ = write_history(history.path) }
    }
    installInterruptHandler()
    let keys = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    keys.setEventHandler { MainActor.assumeIsolated { rl_callback_read_char() } }
    self.keys = keys
    session.onLiveOutput = { [weak self] lines in self?.printAbovePrompt(lines) }
    Task { await session.artistNames() }
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
  private func interrupted() {
    if isEditing {
      fputs("^C\n", stdout)
      fflush(stdout)
      // Removing and installing the handler starts a fresh, empty line under the same prompt.
      let prompt = rl_prompt.map { String(cString: $0) } ?? "> "
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
    _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
    interruptPipeWriter = fds[1]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = onInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: .main)
    source.setEventHandler { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 64)
      _ = read(fds[0], &buffer, buffer.count)
      MainActor.assumeIsolated { self?.interrupted() }
    }
    source.resume()
    interrupts = source
  }

  /// The completions of the word libedit is completing, for the C callback.
  fileprivate func completions(before: String, word: String) -> [String] {
    Completion.candidates(before: before, word: word, artistNames: session.knownArtistNames)
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
