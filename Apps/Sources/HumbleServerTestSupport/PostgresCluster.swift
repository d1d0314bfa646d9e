import Foundation
import HumbleServerPostgres
import ServicesTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway PostgreSQL cluster on loopback, started and stopped by the project's own script
/// (`Tools/scripts/postgres start|stop DIR`, which installs Debian's `postgresql` when it is missing).
///
/// Tests that need a database of their own use ``PostgresTestDatabase``; a test that stops and starts
/// PostgreSQL (a fault test) starts a cluster of its own with ``start(in:)``.
public final class PostgresCluster: Sendable {
  /// The cluster's data directory.
  public let directory: URL
  /// The cluster's `humble` database, as the script printed it.
  public let location: PostgresLocation

  private init(directory: URL, location: PostgresLocation) {
    self.directory = directory
    self.location = location
  }

  /// Runs `body` with a new cluster of its own, and destroys the cluster afterwards, whatever `body` did: for a
  /// test that stops and restarts PostgreSQL.
  public static func with<T: Sendable>(_ body: (PostgresCluster) async throws -> T) async throws -> T {
    let cluster = try await start()
    do {
      let result = try await body(cluster)
      await cluster.destroy()
      return result
    } catch {
      await cluster.destroy()
      throw error
    }
  }

  /// Creates a cluster in `directory` (a new temporary one by default), starts it, and answers it.
  ///
  /// The script runs on a thread of its own: the caller's task waits without holding a thread of Swift's
  /// cooperative pool (which has one thread per core: a test blocking it stalls every other test).
  public static func start(in directory: URL? = nil) async throws -> PostgresCluster {
    try await OwnThread.run { try start(in: directory) }
  }

  /// Creates a cluster in `directory` (a new temporary one by default), starts it, and answers it.
  ///
  /// It blocks the calling thread until the script is done: for synchronous code (a benchmark's setup). From
  /// `async` code the `async` overload is chosen.
  public static func start(in directory: URL? = nil) throws -> PostgresCluster {
    let directory =
      directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("humble-postgres-\(UUID().uuidString)")
    let output = try runScript("start", directory)
    guard let line = output.split(separator: "\n").last else {
      throw PostgresClusterError(message: "Tools/scripts/postgres start printed no URL")
    }
    return PostgresCluster(directory: directory, location: try PostgresLocation(url: String(line)))
  }

  /// Starts the cluster again after ``stop()``, on the port it had (so that its clients find it again)
  /// unless another process took that port meanwhile.
  public func restart() async throws {
    try await OwnThread.run { try self.restart() }
  }

  /// ``restart()``, blocking the calling thread.
  public func restart() throws {
    _ = try Self.runScript("start", directory)
  }

  /// Stops the cluster (fast shutdown: open connections are closed); stopping a stopped cluster does nothing.
  public func stop() async throws {
    try await OwnThread.run { try self.stop() }
  }

  /// ``stop()``, blocking the calling thread.
  public func stop() throws {
    _ = try Self.runScript("stop", directory)
  }

  /// Stops the cluster and deletes its directory.
  public func destroy() async {
    await OwnThread.run { self.destroy() }
  }

  /// ``destroy()``, blocking the calling thread (at process exit, or in a `defer`).
  public func destroy() {
    try? stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// The project's script, found from this file's place in the repository.
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tools/scripts/postgres")

  /// Runs the script and answers what it printed.
  ///
  /// Not through Foundation's `Process`: on Linux it learns that a child ended when a socket it gives the
  /// child closes, and the PostgreSQL server the script leaves running inherits that socket, so the script
  /// would never be seen to end. Instead the script is spawned with only standard input, output and error
  /// (files: the server would hold a pipe open), every other descriptor of the test process closed in the
  /// child (a pipe the server held open would never reach its end), and waited for with `waitpid`.
  private static func runScript(_ action: String, _ directory: URL) throws -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("humble-postgres-script-\(UUID())")
    let outputPath = scratch.path + ".out"
    let errorPath = scratch.path + ".err"
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try closeOtherDescriptors(&actions)
    let arguments = ["/bin/bash", script.path, action, directory.path]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, &argv, environ)
    guard spawned == 0 else {
      throw PostgresClusterError(message: "cannot run \(script.path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let printed = contents(of: outputPath)
    let complained = contents(of: errorPath)
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    guard exited, code == 0 else {
      let message = complained.split(separator: "\n").last.map(String.init) ?? "exit status \(code)"
      throw PostgresClusterError(message: "Tools/scripts/postgres \(action) \(directory.path) failed: \(message)")
    }
    return printed
  }

  /// A small text file's contents, read through a file handle: Foundation's `String(contentsOfFile:)` leaks its
  /// buffer for some files (LeakSanitizer reports it).
  private static func contents(of path: String) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? handle.close() }
    return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
  }

  /// Adds "close every descriptor from 3 up" to `actions`.
  ///
  /// It is glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not
  /// declare it, so it is looked up). Elsewhere it adds nothing.
  private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) throws {
    #if canImport(Glibc)
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      else {
        throw PostgresClusterError(message: "this C library has no posix_spawn_file_actions_addclosefrom_np")
      }
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      let result = closeFrom(&actions, 3)
      guard result == 0 else {
        throw PostgresClusterError(
          message: "cannot close descriptors in the child: \(String(cString: strerror(result)))")
      }
    #endif
  }
}

/// Why a test cluster could not start or stop.
public struct PostgresClusterError: Error, CustomStringConvertible {
  /// A one-line explanation.
  public var message: String
  /// The explanation.
  public var description: String { message }
}
