import Domain
import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

@Suite(.timeLimit(.minutes(5))) struct LiveDownloadsManagerTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func aCompletedDownloadHoldsExactlyTheSourceBytes() async throws {
    let services = try openServices(in: directory, downloads: .init(chunkSize: 4096))
    let downloads = services.downloadsManager
    let bytes = sampleBytes(count: 200_000)
    let track = try streamTrack("t1", in: directory, bytes: bytes)
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    #expect(downloads.downloadState(of: "t1").isDownloading)
    var progress: [Double] = []
    for await change in changes {
      if case .downloading(let value) = change.state { progress.append(value) }
      if change.state == .downloaded || change.state.isFailure { break }
    }
    #expect(downloads.hasDownloaded("t1"))
    let file = try #require(downloads.fileURL(for: "t1"))
    #expect(try Data(contentsOf: file) == bytes)
    #expect(progress.first == 0)
    #expect(progress == progress.sorted())
    #expect(progress.count > 2)
    #expect(files(in: services.location.partialDownloadsDirectory).isEmpty)
  }

  @Test func aDownloadSurvivesReopeningAndCanBeRemoved() async throws {
    let bytes = sampleBytes(count: 10_000)
    let track = try streamTrack("t1", in: directory, bytes: bytes)
    do {
      let downloads = try openServices(in: directory).downloadsManager
      let changes = downloads.changes()
      try await downloads.startDownload(of: track)
      _ = try await firstChange(in: changes) { $0.state == .downloaded }
    }
    let reopened = try openServices(in: directory)
    let downloads = reopened.downloadsManager
    #expect(downloads.hasDownloaded("t1"))
    await #expect(throws: DownloadError.alreadyDownloaded("t1")) { try await downloads.startDownload(of: track) }
    let file = try #require(downloads.fileURL(for: "t1"))
    try await downloads.removeDownload(of: "t1")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(downloads.downloadState(of: "t1") == .notDownloaded)
    #expect(files(in: reopened.location.downloadsDirectory).isEmpty)
    #expect(try openServices(in: directory).downloadsManager.downloadState(of: "t1") == .notDownloaded)
  }

  @Test func aCancelledDownloadLeavesNothingBehind() async throws {
    // The transfer is held part-way (and never released) when it is cancelled.
    let gate = TransferGate(holdingAfter: 50_000)
    let services = try openServices(in: directory, downloads: .init(chunkSize: 8192), gate: gate)
    let downloads = services.downloadsManager
    let track = try streamTrack("slow", in: directory, bytes: sampleBytes(count: 1_000_000))
    try await downloads.startDownload(of: track)
    #expect(await gate.waitUntilHeld() == 57_344)
    #expect(files(in: services.location.partialDownloadsDirectory).count == 1)
    await #expect(throws: DownloadError.alreadyDownloading("slow")) { try await downloads.startDownload(of: track) }
    try await downloads.cancelDownload(of: "slow")
    #expect(downloads.downloadState(of: "slow") == .notDownloaded)
    #expect(files(in: services.location.partialDownloadsDirectory).isEmpty)
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
    await #expect(throws: DownloadError.notDownloading("slow")) { try await downloads.cancelDownload(of: "slow") }
    #expect(try openServices(in: directory).downloadsManager.downloadState(of: "slow") == .notDownloaded)
  }

  @Test func aMissingSourceFailsWithTheReasonAndKeepsNoFile() async throws {
    let services = try openServices(in: directory)
    let downloads = services.downloadsManager
    let track = try streamTrack("gone", in: directory, bytes: nil)
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    let failure = try await firstChange(in: changes) { $0.state.isFailure }
    #expect(failure.state == .failed(reason: "stream file \(track.streamURL.path) does not exist"))
    #expect(!downloads.hasDownloaded("gone"))
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
    #expect(files(in: services.location.partialDownloadsDirectory).isEmpty)
    #expect(try openServices(in: directory).downloadsManager.downloadState(of: "gone") == failure.state)
  }

  @Test func aFailedDownloadCanBeRetriedOnceTheSourceExists() async throws {
    let downloads = try openServices(in: directory).downloadsManager
    let track = try streamTrack("late", in: directory, bytes: nil)
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    _ = try await firstChange(in: changes) { $0.state.isFailure }
    try sampleBytes(count: 1000).write(to: track.streamURL)
    try await downloads.startDownload(of: track)
    _ = try await firstChange(in: changes) { $0.state == .downloaded }
    #expect(try openServices(in: directory).downloadsManager.hasDownloaded("late"))
  }

  @Test func anUnsupportedSchemeIsRefusedUpFront() async throws {
    let downloads = try openServices(in: directory).downloadsManager
    let track = Track(
      id: "ftp", title: "ftp", duration: 1, streamURL: URL(string: "ftp://example.com/a.mp3")!, popularity: 0,
      releaseDate: Date(), containsExplicitLyrics: false, artistID: "a")
    await #expect(throws: DownloadError.unsupportedURL("ftp://example.com/a.mp3")) {
      try await downloads.startDownload(of: track)
    }
    #expect(downloads.downloadState(of: "ftp") == .notDownloaded)
  }

  @Test func leftoversOfAnInterruptedRunAreCleanedUpAndDownloadsWithoutFilesForgotten() async throws {
    let track = try streamTrack("t1", in: directory, bytes: sampleBytes(count: 5000))
    let location: StorageLocation
    do {
      let services = try openServices(in: directory)
      location = services.location
      let changes = services.downloadsManager.changes()
      try await services.downloadsManager.startDownload(of: track)
      _ = try await firstChange(in: changes) { $0.state == .downloaded }
      let file = try #require(services.downloadsManager.fileURL(for: "t1"))
      try FileManager.default.removeItem(at: file)
      // The transfer task lets go of the manager a moment after the change: until then the directory is shared.
      await services.downloadsManager.waitUntilIdle()
    }
    try Data("half".utf8).write(to: location.partialDownloadsDirectory.appendingPathComponent("crash.part"))
    try Data("orphan".utf8).write(to: location.downloadsDirectory.appendingPathComponent("moved-not-recorded.wav"))
    let downloads = try openServices(in: directory).downloadsManager
    #expect(files(in: location.partialDownloadsDirectory).isEmpty)
    #expect(files(in: location.downloadsDirectory).isEmpty)
    #expect(downloads.downloadState(of: "t1") == .notDownloaded)
  }

  @Test func anHTTPDownloadHoldsExactlyTheServedBytes() async throws {
    let bytes = sampleBytes(count: 300_000, seed: 3)
    let server = try LocalHTTPServer(routes: ["/streams/t1.wav": bytes])
    let downloads = try openServices(in: directory).downloadsManager
    var track = try streamTrack("web", in: directory, bytes: nil)
    track.streamURL = server.url("/streams/t1.wav")
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
    #expect(end.state == .downloaded)
    #expect(try Data(contentsOf: try #require(downloads.fileURL(for: "web"))) == bytes)
    #expect(server.requestedPaths == ["/streams/t1.wav"])
  }

  @Test func anHTTPErrorStatusFailsWithTheStatusAndKeepsNoFile() async throws {
    let server = try LocalHTTPServer(routes: [:])
    let services = try openServices(in: directory)
    var track = try streamTrack("missing", in: directory, bytes: nil)
    track.streamURL = server.url("/nothing.wav")
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let failure = try await firstChange(in: changes) { $0.state.isFailure }
    guard case .failed(let reason) = failure.state else { return }
    #expect(reason.hasPrefix("HTTP 404"))
    #expect(reason.contains(track.streamURL.absoluteString))
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
  }

  @Test func anUnreachableHostFailsWithTheReason() async throws {
    let port: UInt16
    do {
      // Take a free port, then close it again: nothing listens there.
      let server = try LocalHTTPServer(routes: [:])
      port = server.port
    }
    let services = try openServices(in: directory)
    var track = try streamTrack("unreachable", in: directory, bytes: nil)
    track.streamURL = URL(string: "http://127.0.0.1:\(port)/a.wav")!
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let failure = try await firstChange(in: changes) { $0.state.isFailure }
    guard case .failed(let reason) = failure.state else { return }
    #expect(reason == "cannot connect to 127.0.0.1 for \(track.streamURL.absoluteString)")
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
    #expect(files(in: services.location.partialDownloadsDirectory).isEmpty)
  }
}

extension DownloadState {
  var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }
}
