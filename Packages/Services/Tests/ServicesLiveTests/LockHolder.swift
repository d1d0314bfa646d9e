import Foundation

/// Another process holding a write lock on a database file (the `CatalogLockHolder` tool built beside
/// the tests), until ``release()``; when `writingFirst`, it has written to the file before.
final class LockHolder {
  private let process = Process()
  private let input = Pipe()

  /// Starts the holder and returns once it holds the lock.
  init(database: URL, writingFirst: Bool = false) throws {
    let output = Pipe()
    process.executableURL = Self.binary
    process.arguments = [database.path] + (writingFirst ? ["--write-first"] : [])
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var said = Data()
    while !String(decoding: said, as: UTF8.self).contains("locked") {
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { throw HolderFailed(status: process.terminationStatus) }
      said.append(more)
    }
  }

  deinit {
    release()
  }

  /// Ends the transaction and waits for the process to exit.
  func release() {
    guard process.isRunning else { return }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  struct HolderFailed: Error {
    let status: Int32
  }

  /// The tool, built beside this test bundle (the test target depends on it).
  static var binary: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("CatalogLockHolder")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent().appendingPathComponent("CatalogLockHolder")
  }
}
