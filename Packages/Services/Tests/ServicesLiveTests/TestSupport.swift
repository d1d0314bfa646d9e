import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesTestSupport

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
  try await firstElement(of: stream, within: .seconds(seconds), where: condition)
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
