import Domain
import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

/// Streams whose connection is cut on a server that honours `Range`.
///
/// A cut transfer asks for the rest with `Range` and `If-Range`, appends it, and ends with exactly the
/// server's bytes; a server that sends the whole body again makes it start over; a resume that cannot
/// continue, or too many cuts, fail with one line and leave no file.
@Suite(.timeLimit(.minutes(5))) struct DownloadResumeTests {
  let directory: TemporaryDirectory
  let body = sampleBytes(count: 50_000)

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A download of `path` on `server`: its final state and every progress it announced on the way.
  struct Outcome {
    var track: Track
    var state: DownloadState
    var progress: [Double]
  }

  func download(
    _ path: String, from server: LocalHTTPServer, with services: LiveServices
  ) async throws -> Outcome {
    var track = try streamTrack("song", in: directory, bytes: nil)
    track.streamURL = server.url(path)
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    var progress: [Double] = []
    for await change in changes where change.trackID == track.id {
      if case .downloading(let value) = change.state { progress.append(value) }
      if change.state == .downloaded || change.state.isFailure {
        return Outcome(track: track, state: change.state, progress: progress)
      }
    }
    throw ChangesEnded(progress: progress)
  }

  /// The manager's changes ended before the download finished or failed.
  struct ChangesEnded: Error, CustomStringConvertible {
    var progress: [Double]
    var description: String { "The changes ended before the download finished; progress seen: \(progress)" }
  }

  func makeServices(_ configuration: LiveDownloadsManager.Configuration = .init(resumeBackoff: .zero)) throws
    -> LiveServices
  {
    try openServices(in: directory, downloads: configuration)
  }

  /// Checks that neither `downloads/` nor `downloads/.partial/` holds a file.
  func expectNoFiles(_ services: LiveServices, sourceLocation: SourceLocation = #_sourceLocation) {
    let partialDirectory = services.location.partialDownloadsDirectory.path
    let partial = (try? FileManager.default.contentsOfDirectory(atPath: partialDirectory)) ?? []
    #expect(partial.isEmpty, "partial files: \(partial)", sourceLocation: sourceLocation)
    #expect(files(in: services.location.downloadsDirectory).isEmpty, sourceLocation: sourceLocation)
  }

  func downloadedBytes(_ outcome: Outcome, in services: LiveServices) throws -> Data {
    try Data(contentsOf: try #require(services.downloadsManager.fileURL(for: outcome.track.id)))
  }

  @Test("A connection cut mid-way resumes from the byte it reached, and the file equals the source")
  func aCutResumes() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 1)])
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    #expect(outcome.state == .downloaded)
    #expect(try downloadedBytes(outcome, in: services) == body)
    #expect(
      server.requests == [
        RecordedRequest(path: "/song.wav"),
        RecordedRequest(path: "/song.wav", range: "bytes=10000-", ifRange: "\"v1\""),
      ])
    #expect(outcome.progress == outcome.progress.sorted(), "progress went back: \(outcome.progress)")
    #expect(outcome.progress.contains { $0 >= 0.2 }, "no progress up to the cut was announced")
  }

  @Test("Several cuts in one download each resume where the last one stopped")
  func severalCutsResume() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 3)])
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    #expect(outcome.state == .downloaded)
    #expect(try downloadedBytes(outcome, in: services) == body)
    #expect(server.requests.map(\.range) == [nil, "bytes=10000-", "bytes=20000-", "bytes=30000-"])
    #expect(outcome.progress == outcome.progress.sorted(), "progress went back: \(outcome.progress)")
  }

  @Test("A server that ignores Range and sends the whole body again makes the file start over")
  func aServerIgnoringRangeRestarts() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 2)],
      ranges: RangeBehaviour(ignoresRange: true))
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    #expect(outcome.state == .downloaded)
    #expect(try downloadedBytes(outcome, in: services) == body)
    #expect(server.requests.map(\.range) == [nil, "bytes=10000-", "bytes=10000-"])
  }

  @Test("A resource whose ETag changed between attempts is downloaded again from zero, never mixed")
  func aChangedResourceRestarts() async throws {
    let replacement = sampleBytes(count: 60_000, seed: 99)
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 1)],
      ranges: RangeBehaviour(replacements: ["/song.wav": replacement]))
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    #expect(outcome.state == .downloaded)
    #expect(try downloadedBytes(outcome, in: services) == replacement)
    #expect(server.requests.last == RecordedRequest(path: "/song.wav", range: "bytes=10000-", ifRange: "\"v1\""))
  }

  @Test("A download cut more often than it may resume fails saying how far it got, and leaves no file")
  func exhaustedResumesFail() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 10)])
    let services = try makeServices(.init(resumeAttempts: 2, resumeBackoff: .zero))
    let outcome = try await download("/song.wav", from: server, with: services)
    let url = outcome.track.streamURL.absoluteString
    #expect(
      outcome.state
        == .failed(reason: "the connection closed after 30000 of 50000 bytes from \(url); gave up after 2 resumes"))
    #expect(server.requests.count == 3)
    expectNoFiles(services)
  }

  @Test("A resume the server cannot satisfy (416) fails with one line")
  func anUnsatisfiableResumeFails() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 1)],
      ranges: RangeBehaviour(replacements: ["/song.wav": sampleBytes(count: 5000)], replacementKeepsETag: true))
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    let url = outcome.track.streamURL.absoluteString
    #expect(
      outcome.state
        == .failed(reason: "\(url) cannot resume from byte 10000 of 50000: HTTP 416 (range not satisfiable)"))
    expectNoFiles(services)
  }

  @Test("A resume whose Content-Range belongs to another total fails with one line instead of mixing bytes")
  func aMismatchingContentRangeFails() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 1)],
      ranges: RangeBehaviour(replacements: ["/song.wav": sampleBytes(count: 60_000)], replacementKeepsETag: true))
    let services = try makeServices()
    let outcome = try await download("/song.wav", from: server, with: services)
    let url = outcome.track.streamURL.absoluteString
    #expect(
      outcome.state
        == .failed(
          reason: "\(url) answered a resume from byte 10000 of 50000 with Content-Range bytes 10000-59999/60000, "
            + "which does not continue the download"))
    expectNoFiles(services)
  }

  @Test("A stall resumes once; a second stall fails as stalled, saying how far it got")
  func aStallResumesOnce() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.stall(afterBytes: 10_000), 2)])
    let services = try makeServices(.init(stallTimeout: .seconds(1), resumeBackoff: .zero))
    let outcome = try await download("/song.wav", from: server, with: services)
    let url = outcome.track.streamURL.absoluteString
    #expect(
      outcome.state
        == .failed(reason: "stalled: no data for 1 s from \(url) after 20000 of 50000 bytes; gave up after 1 resume"))
    #expect(server.requests.map(\.range) == [nil, "bytes=10000-"])
    expectNoFiles(services)
  }

  @Test("Cancelling a download while it waits to resume cancels it at once and leaves no file")
  func aCancelDuringTheBackoffCancels() async throws {
    let server = try LocalHTTPServer(
      rangedRoutes: ["/song.wav": body], faults: ["/song.wav": (.cut(afterBytes: 10_000), 1)])
    let services = try makeServices()
    let (waits, waiting) = AsyncStream<Int>.makeStream()
    // A backoff far beyond the suite's time limit: only a cancel that interrupts it lets the test pass.
    let downloads = try LiveDownloadsManager(
      database: services.database, location: services.location,
      configuration: .init(resumeBackoff: .seconds(3600)), removingWhenDone: nil,
      willWaitToResume: { _, bytes in waiting.yield(bytes) })
    var track = try streamTrack("song", in: directory, bytes: nil)
    track.streamURL = server.url("/song.wav")
    try await downloads.startDownload(of: track)
    var iterator = waits.makeAsyncIterator()
    #expect(await iterator.next() == 10_000)
    try await downloads.cancelDownload(of: track.id)
    #expect(downloads.downloadState(of: track.id) == .notDownloaded)
    #expect(server.requests.count == 1)
    expectNoFiles(services)
  }
}
