import Domain
import Foundation
import GRDB
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

@Suite(.timeLimit(.minutes(5))) struct DownloadEdgeCaseTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test func aCancelRightAfterTheStartStopsTheTransferWithoutWaitingForIt() async throws {
    // The transfer is held after its first chunk and never released: a cancel that waited for the transfer
    // would wait for ever (the suite's time limit fails it).
    let gate = TransferGate(holdingAfter: 1)
    let downloads = try openServices(in: directory, downloads: .init(chunkSize: 4096), gate: gate).downloadsManager
    let track = try streamTrack("slow", in: directory, bytes: sampleBytes(count: 2_000_000))
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    try await downloads.cancelDownload(of: "slow")
    #expect(downloads.downloadState(of: "slow") == .notDownloaded)
    var furthest = 0.0
    for await change in changes {
      if case .downloading(let progress) = change.state { furthest = max(furthest, progress) }
      if change.state == .notDownloaded { break }
    }
    #expect(furthest <= 4096 / 2_000_000, "the transfer went on to \(furthest) of the file")
    #expect(files(in: directory.url.appendingPathComponent("catalog-files/downloads/.partial")).isEmpty)
  }

  @Test func cancellingARetryOfAFailedDownloadForgetsTheFailureOnDisk() async throws {
    // The retry is held after its first chunk and never released: the cancel always finds it running.
    let gate = TransferGate(holdingAfter: 1)
    let downloads = try openServices(in: directory, downloads: .init(chunkSize: 4096), gate: gate).downloadsManager
    let track = try streamTrack("retry", in: directory, bytes: nil)
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    _ = try await firstChange(in: changes) { $0.state.isFailure }
    #expect(try openServices(in: directory).downloadsManager.downloadState(of: "retry").isFailure)
    try sampleBytes(count: 1_000_000).write(to: track.streamURL)
    try await downloads.startDownload(of: track)
    #expect(await gate.waitUntilHeld() == 4096)
    try await downloads.cancelDownload(of: "retry")
    #expect(downloads.downloadState(of: "retry") == .notDownloaded)
    #expect(try openServices(in: directory).downloadsManager.downloadState(of: "retry") == .notDownloaded)
  }

  @Test func startsCancelsAndRemovesFromManyTasksLeaveMemoryDiskAndFilesInAgreement() async throws {
    let services = try openServices(in: directory, downloads: .init(chunkSize: 1024))
    let downloads = services.downloadsManager
    let tracks = try (0..<6).map {
      try streamTrack(Track.ID("t\($0)"), in: directory, bytes: sampleBytes(count: 20_000))
    }
    await withTaskGroup(of: Void.self) { group in
      for request in 0..<300 {
        group.addTask {
          let track = tracks[request % tracks.count]
          switch request / tracks.count % 3 {
          case 0: try? await downloads.startDownload(of: track)
          case 1: try? await downloads.cancelDownload(of: track.id)
          default: try? await downloads.removeDownload(of: track.id)
          }
        }
      }
    }
    for track in tracks { try? await downloads.cancelDownload(of: track.id) }
    let reopened = try openServices(in: directory).downloadsManager
    for track in tracks {
      let state = downloads.downloadState(of: track.id)
      #expect(!state.isFailure, "\(track.id): \(state)")
      #expect(reopened.downloadState(of: track.id) == state)
      if state == .downloaded {
        #expect(try Data(contentsOf: try #require(downloads.fileURL(for: track.id))) == sampleBytes(count: 20_000))
      }
    }
    let expectedFiles = tracks.compactMap { downloads.fileURL(for: $0.id)?.lastPathComponent }.sorted()
    #expect(files(in: services.location.downloadsDirectory) == expectedFiles)
  }

  @Test func aTruncatedHTTPBodyFailsSayingHowMuchArrived() async throws {
    let server = try LocalHTTPServer(
      routes: ["/short.wav": sampleBytes(count: 40_000)], declaredLengths: ["/short.wav": 100_000])
    let services = try openServices(in: directory)
    var track = try streamTrack("short", in: directory, bytes: nil)
    track.streamURL = server.url("/short.wav")
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    let failure = try await firstChange(in: changes) { $0.state.isFailure }
    guard case .failed(let reason) = failure.state else { return }
    #expect(reason.contains("of 100000 bytes from \(track.streamURL.absoluteString)"), "\(reason)")
    #expect(files(in: services.location.downloadsDirectory).isEmpty)
  }

  @Test func aSecondManagerOnTheSameFilesDoesNotDisturbARunningTransfer() async throws {
    // The transfer is held mid-way while the second manager starts (and would clean up partial files if it
    // thought itself alone), then goes on.
    let gate = TransferGate(holdingAfter: 40_000)
    let first = try openServices(in: directory, downloads: .init(chunkSize: 4096), gate: gate)
    let track = try streamTrack("shared", in: directory, bytes: sampleBytes(count: 400_000))
    let changes = first.downloadsManager.changes()
    try await first.downloadsManager.startDownload(of: track)
    #expect(await gate.waitUntilHeld() == 40_960)
    #expect(files(in: first.location.partialDownloadsDirectory).count == 1)
    let second = try openServices(in: directory)
    #expect(files(in: first.location.partialDownloadsDirectory).count == 1, "the second manager kept its hands off")
    gate.release()
    let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
    #expect(end.state == .downloaded)
    _ = second
  }

  @Test func aDownloadsManagerOfAnInMemoryCatalogKeepsItsFilesWhileItIsUsed() async throws {
    var services: LiveServices? = try LiveServices.open(.inMemory(), options: .init(importsDemoCatalogWhenEmpty: false))
    let downloads = try #require(services?.downloadsManager)
    let filesDirectory = try #require(services?.location.filesDirectory)
    services = nil
    let track = try streamTrack("memory", in: directory, bytes: sampleBytes(count: 5000))
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    let end = try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }
    #expect(end.state == .downloaded)
    #expect(FileManager.default.fileExists(atPath: filesDirectory.path))
  }

  @Test func anUndecodableDownloadRowIsForgottenNotFatal() throws {
    let url = directory.url.appendingPathComponent("catalog.sqlite")
    _ = try openServices(in: directory)
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(
        sql: """
          INSERT INTO download (trackID, state, fileName, byteCount, failureReason, updatedAt)
          VALUES ('odd', 'downloaded', 'odd.wav', 'big', NULL, 0)
          """)
    }
    let downloads = try openServices(in: directory).downloadsManager
    #expect(downloads.downloadState(of: "odd") == .notDownloaded)
  }

  @Test func aQueryFromACancelledTaskIsReportedAsCancelledNotAsAnOutage() async throws {
    let services = try openServices(in: directory, demo: true)
    let result = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      do throws(MusicAPIError) {
        return Result<[Track], MusicAPIError>.success(try await services.musicAPI.tracks(ofArtist: "neon-harbour"))
      } catch {
        return .failure(error)
      }
    }.value
    #expect(throws: MusicAPIError.cancelled) { try result.get() }
  }
}
