import Domain
import Foundation
import HumbleSupportTesting
import Services
import Testing

@testable import ServicesLive

/// The downloads manager against a hostile or broken source.
///
/// A catalog from a server cannot have a local file copied, a source cannot write past what it announced or past
/// the maximum size, and https never becomes http. Each refusal leaves no file behind.
@Suite(.timeLimit(.minutes(5))) struct DownloadLimitTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A source on loopback whose body never ends: spaces after a head that announces `announcedLength` bytes
  /// (no length when nil), sent until the client closes the connection.
  private func endlessSource(announcedLength: Int?) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { _, connection in
      let length = announcedLength.map { "Content-Length: \($0)\r\n" } ?? ""
      let head = "HTTP/1.1 200 OK\r\nContent-Type: audio/wav\r\n\(length)Connection: close\r\n\r\n"
      let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 16_384)
      guard connection.send(Array(head.utf8)) else { return }
      while connection.send(chunk) {}
    }
  }

  /// Downloads `url` and returns the final state.
  private func download(_ url: URL, with services: LiveServices) async throws -> DownloadState {
    var track = try streamTrack("song", in: directory, bytes: nil)
    track.streamURL = url
    let changes = services.downloadsManager.changes()
    try await services.downloadsManager.startDownload(of: track)
    return try await firstChange(in: changes) { $0.state == .downloaded || $0.state.isFailure }.state
  }

  /// Checks that neither `downloads/` nor `downloads/.partial/` holds a file.
  private func expectNoFiles(_ services: LiveServices, sourceLocation: SourceLocation = #_sourceLocation) {
    let partial = files(in: services.location.partialDownloadsDirectory)
    #expect(partial.isEmpty, "partial files: \(partial)", sourceLocation: sourceLocation)
    #expect(files(in: services.location.downloadsDirectory).isEmpty, sourceLocation: sourceLocation)
  }

  @Test func aFileURLFromAServersCatalogIsRefusedBeforeAnythingStarts() async throws {
    let services = try openServices(in: directory, downloads: .init(acceptsFileURLs: false))
    let track = try streamTrack("local", in: directory, bytes: sampleBytes(count: 1_000))
    await #expect(throws: DownloadError.fileURLFromServer(track.streamURL.absoluteString)) {
      try await services.downloadsManager.startDownload(of: track)
    }
    #expect(services.downloadsManager.downloadState(of: "local") == .notDownloaded)
    expectNoFiles(services)
  }

  @Test
  func aSourceThatNeverEndsStopsAtTheMaximumSizeAndLeavesNoFile() async throws {
    let source = try endlessSource(announcedLength: nil)
    let services = try openServices(in: directory, downloads: .init(maximumBytes: 262_144))
    let state = try await download(source.url("/song.wav"), with: services)
    #expect(state == .failed(reason: "the stream is larger than the maximum download size of 262144 bytes"))
    expectNoFiles(services)
  }

  @Test func aSourceAnnouncingMoreThanTheMaximumSizeFailsBeforeItsBody() async throws {
    let source = try endlessSource(announcedLength: 100_000_000)
    let services = try openServices(in: directory, downloads: .init(maximumBytes: 262_144))
    let url = source.url("/song.wav")
    let state = try await download(url, with: services)
    #expect(
      state
        == .failed(
          reason: "\(url.absoluteString) announces 100000000 bytes, more than the maximum download size of 262144 bytes"
        ))
    expectNoFiles(services)
  }

  @Test
  func aSourceThatSendsMoreThanItAnnouncedIsKeptToTheAnnouncedLength() async throws {
    let source = try endlessSource(announcedLength: 20_000)
    let services = try openServices(in: directory)
    let state = try await download(source.url("/song.wav"), with: services)
    #expect(state == .downloaded)
    let file = try #require(services.downloadsManager.fileURL(for: "song"))
    #expect(try Data(contentsOf: file).count == 20_000)
  }

  @Test func aWriterThatFallsBehindItsSourceCutsTheRequestAndResumesFromWhereItIs() async throws {
    // FoundationNetworking cannot pause a transfer: without the cut, every byte the held writer has not taken
    // would wait in memory (a test with an endless source once grew to 23 GB).
    let body = sampleBytes(count: 1_000_000)
    let server = try LocalHTTPServer(rangedRoutes: ["/song.wav": body])
    let gate = TransferGate(holdingAfter: 1)
    let (cuts, cut) = AsyncStream<Void>.makeStream()
    var transfer = StreamTransfer()
    transfer.gate = gate
    transfer.maximumBacklog = 65_536
    transfer.didFallBehind = { cut.yield() }
    let destination = directory.url.appendingPathComponent("song.wav")
    let copying = Task { try await transfer.copy(from: server.url("/song.wav"), to: destination) { _ in } }
    _ = await gate.waitUntilHeld()
    // Held after its first chunk, the writer falls behind, and the request is cut.
    var signals = cuts.makeAsyncIterator()
    await signals.next()
    gate.release()
    #expect(try await copying.value == body.count)
    #expect(try Data(contentsOf: destination) == body)
    let requests = server.requests
    #expect(requests.count >= 2)
    #expect(requests.dropFirst().allSatisfy { $0.range != nil })
  }

  @Test func aRedirectFromHTTPSToHTTPIsRefused() {
    let source = URL(string: "https://cdn.example/a.wav")
    #expect(
      HTTPTransfer.redirectRefusal(from: source, to: URL(string: "http://cdn.example/a.wav"))
        == "https://cdn.example/a.wav redirects to http://cdn.example/a.wav, from https to http: refused")
    #expect(HTTPTransfer.redirectRefusal(from: source, to: URL(string: "https://mirror.example/a.wav")) == nil)
    #expect(
      HTTPTransfer.redirectRefusal(from: URL(string: "http://cdn.example/a.wav"), to: URL(string: "https://x/a"))
        == nil)
    #expect(
      HTTPTransfer.redirectRefusal(from: source, to: URL(string: "file:///etc/passwd"))
        == "https://cdn.example/a.wav redirects to file:///etc/passwd, which is not an http or https URL")
  }
}
