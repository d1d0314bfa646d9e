import Domain
import Foundation
import Services
import Synchronization

@testable import ServicesLive

/// Waits for the first change that satisfies `condition`; after `seconds` without one, fails naming the changes
/// that did arrive.
///
/// The limit only turns a change that never comes into a failure that says what came instead: under the
/// sanitizers on a loaded two-core machine, a transfer of a few hundred kilobytes has taken over 20 seconds.
func firstChange<Change: Sendable>(
  in stream: AsyncStream<Change>,
  within seconds: Double = 120,
  where condition: @escaping @Sendable (Change) -> Bool
) async throws -> Change {
  let arrived = ArrivedChanges()
  return try await withThrowingTaskGroup(of: Change?.self) { group in
    group.addTask {
      for await change in stream {
        if condition(change) { return change }
        arrived.record(change)
      }
      return nil
    }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    defer { group.cancelAll() }
    guard let change = try await group.next() ?? nil else {
      throw TimedOut(seconds: seconds, arrived: arrived.descriptions)
    }
    return change
  }
}

/// The changes a wait saw that were not the one it waited for.
private final class ArrivedChanges: Sendable {
  private let changes = Mutex<[String]>([])

  func record(_ change: some Sendable) {
    changes.withLock { $0.append(String(describing: change)) }
  }

  var descriptions: [String] { changes.withLock { $0 } }
}

/// No change that a test waited for arrived in time, or the stream ended first.
struct TimedOut: Error, CustomStringConvertible {
  var seconds: Double
  /// The changes that arrived meanwhile, in order.
  var arrived: [String]

  var description: String {
    let seen = arrived.isEmpty ? "none" : arrived.suffix(20).joined(separator: "; ")
    return "No change the test waited for arrived within \(Int(seconds)) s (or the stream ended); arrived: \(seen)"
  }
}

/// Live services on a fresh database file in `directory`, without the demo catalog unless asked.
func openServices(
  in directory: TemporaryDirectory,
  demo: Bool = false,
  downloads: LiveDownloadsManager.Configuration = .init(),
  gate: TransferGate? = nil
) throws -> LiveServices {
  var options = LiveServices.Options(importsDemoCatalogWhenEmpty: demo, downloads: downloads)
  options.transferGate = gate
  return try LiveServices.open(.database(at: directory.url.appendingPathComponent("catalog.sqlite")), options: options)
}

/// A track whose stream is the file `name` in `directory`, holding `bytes` (written unless nil).
func streamTrack(_ id: Track.ID, in directory: TemporaryDirectory, bytes: Data?) throws -> Track {
  let url = directory.url.appendingPathComponent("\(id.rawValue).wav")
  if let bytes { try bytes.write(to: url) }
  return Track(
    id: id, title: id.rawValue, duration: 60, streamURL: url, popularity: 1, releaseDate: Date(),
    containsExplicitLyrics: false, artistID: "artist")
}

/// Deterministic test bytes.
func sampleBytes(count: Int, seed: UInt8 = 7) -> Data {
  Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

/// The files in a directory, without hidden ones (`.partial`, `.lock`), sorted.
func files(in directory: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}
