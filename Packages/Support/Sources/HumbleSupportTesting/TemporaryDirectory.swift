import Foundation

/// A directory of its own for one test, in the system's temporary directory, deleted with everything in it when the
/// value is released.
///
/// A suite holds one per test (Swift Testing makes a suite instance for each test, and releases it after), so a run
/// leaves nothing behind in `/tmp`:
///
/// ```swift
/// @Suite struct ExportTests {
///   let temporary = try! TemporaryDirectory(prefix: "export")
///   @Test func writesTheFile() throws { try Data().write(to: temporary.url.appendingPathComponent("out")) }
/// }
/// ```
public final class TemporaryDirectory: Sendable {
  /// The directory: `<prefix>-<UUID>` in the system's temporary directory.
  public let url: URL

  /// Creates an empty directory named after `prefix`.
  public init(prefix: String = "humble-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
