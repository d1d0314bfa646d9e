import Foundation

/// The commands run in a session, as `history` lists them: the newest ``limit``, numbered from the first
/// command ever run, as a shell's history is.
struct CommandHistory {
  /// How many commands are kept.
  let limit: Int
  /// The commands kept, oldest first.
  private(set) var lines: [String] = []
  /// How many of the oldest commands are no longer kept.
  private(set) var forgotten = 0

  /// Keeps `line` (trimmed), forgetting the oldest one when the history is full.
  mutating func record(_ line: String) {
    lines.append(line.trimmingCharacters(in: .whitespaces))
    if lines.count > limit {
      lines.removeFirst()
      forgotten += 1
    }
  }

  /// The kept commands, each after its number.
  var numberedLines: [String] {
    lines.enumerated().map { "\($0.offset + forgotten + 1)  \($0.element)" }
  }
}
