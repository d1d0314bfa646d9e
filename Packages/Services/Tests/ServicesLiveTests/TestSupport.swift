import Domain
import Foundation
import Services
import ServicesLive

/// Waits for the first change that satisfies `condition`, failing after `seconds`.
func firstChange<Change: Sendable>(
  in stream: AsyncStream<Change>,
  within seconds: Double = 20,
  where condition: @escaping @Sendable (Change) -> Bool
) async throws -> Change {
  try await withThrowingTaskGroup(of: Change?.self) { group in
    group.addTask {
      for await change in stream where condition(change) { return change }
      return nil
    }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    defer { group.cancelAll() }
    guard let change = try await group.next() ?? nil else { throw TimedOut() }
    return change
  }
}

struct TimedOut: Error, CustomStringConvertible {
  var description: String { "Timed out waiting for a change" }
}

/// Live services on a fresh database file in `directory`, without the demo catalog unless asked.
func openServices(
  in directory: TemporaryDirectory,
  demo: Bool = false,
  downloads: LiveDownloadsManager.Configuration = .init()
) throws -> LiveServices {
  try LiveServices.open(
    .database(at: directory.url.appendingPathComponent("catalog.sqlite")),
    options: .init(importsDemoCatalogWhenEmpty: demo, downloads: downloads)
  )
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
