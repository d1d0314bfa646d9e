import Foundation

#if os(macOS) || os(Linux) || os(Windows)
  /// Another process holding a write lock on a SQLite database file, for tests of a catalog that another
  /// program is writing to: SQLite's locks are per process, so a second connection in the test's own
  /// process is not the same fault.
  ///
  /// It runs the `CatalogLockHolder` tool of the Services package, which a test target gets built by
  /// depending on the `CatalogLockHolder` product, and finds it beside the test bundle.
  ///
  /// ```swift
  /// let holder = try await DatabaseLockHolder.start(database: url)   // returns once the lock is held
  /// // … changes to the database fail after the busy timeout …
  /// await holder.release()
  /// ```
  ///
  /// Starting and releasing wait for the process on a thread of their own, never on one of the few threads
  /// Swift concurrency shares between tests.
  public final class DatabaseLockHolder: @unchecked Sendable {
    // Used by one caller at a time: started, then released.
    private let process = Process()
    private let input = Pipe()
    private let exit: ProcessExit

    /// Why the holder could not take the lock.
    public struct Failure: Error, CustomStringConvertible {
      /// The tool's exit status.
      public let status: Int32

      /// A one-line explanation.
      public var description: String { "CatalogLockHolder exited with status \(status) before holding the lock" }
    }

    /// Starts a holder and returns once it holds the lock.
    ///
    /// With `writingFirst`, the holder first commits a change that leaves the file as it was, as a program
    /// that has been writing for a while has: the database's write-ahead log is then not empty.
    public static func start(database: URL, writingFirst: Bool = false) async throws -> DatabaseLockHolder {
      try await OwnThread.run { try DatabaseLockHolder(database: database, writingFirst: writingFirst) }
    }

    private init(database: URL, writingFirst: Bool) throws {
      let output = Pipe()
      process.executableURL = Self.binary
      process.arguments = [database.path] + (writingFirst ? ["--write-first"] : [])
      process.standardInput = input
      process.standardOutput = output
      exit = try ProcessExit.run(process)
      var said = Data()
      while !String(decoding: said, as: UTF8.self).contains("locked") {
        let more = output.fileHandleForReading.availableData
        guard !more.isEmpty else {
          throw Failure(status: exit.waitForStatus())
        }
        said.append(more)
      }
    }

    deinit {
      stop()
    }

    /// Ends the holder's transaction and waits for its process to exit.
    public func release() async {
      await OwnThread.run { self.stop() }
    }

    private func stop() {
      guard process.isRunning else { return }
      try? input.fileHandleForWriting.close()
      _ = exit.waitForStatus()
    }

    /// The `CatalogLockHolder` tool built beside the running test bundle.
    private static var binary: URL {
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
#endif
