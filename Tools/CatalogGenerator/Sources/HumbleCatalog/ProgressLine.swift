import CatalogGeneration
import Foundation

/// A percentage rewritten in place on standard error while a catalog is generated, when standard error is a
/// terminal; nothing otherwise, so that logs stay clean.
struct ProgressLine: Sendable {
  private let isTerminal = isatty(STDERR_FILENO) != 0

  func show(_ progress: CatalogGenerator.Progress) {
    guard isTerminal else { return }
    let percent = Int(progress.fractionCompleted * 100)
    FileHandle.standardError.write(
      Data("\rGenerating… \(percent)% (\(progress.tracksWritten) of \(progress.totalTrackCount) tracks)".utf8))
  }

  func clear() {
    guard isTerminal else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
