@preconcurrency import CLibEdit
import Foundation
import HumbleApp

/// The interactive loop on libedit: prompt, history across runs, and Ctrl-D to leave.
enum LineEditor {
  @MainActor
  static func loop(session: Session, emit: (CommandOutput) -> Void) async {
    setlocale(LC_CTYPE, "")
    let history = historyFile()
    if let history { _ = read_history(history.path) }
    defer {
      if let history { _ = write_history(history.path) }
    }
    while true {
      let prompt = "humble \(session.artist?.name ?? "")> "
      guard let raw = readline(prompt) else {
        print("")
        return
      }
      let line = String(cString: raw)
      free(raw)
      if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
      let output = await session.run(line)
      emit(output)
      if output.quits { return }
    }
  }

  /// `$XDG_STATE_HOME/humble/history`, else `~/.local/state/humble/history`; nil if it cannot be created.
  static func historyFile() -> URL? {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
      ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/state")
    let directory = base.appendingPathComponent("humble", isDirectory: true)
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else {
      return nil
    }
    return directory.appendingPathComponent("history")
  }
}
