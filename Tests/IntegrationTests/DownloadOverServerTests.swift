import Domain
import Foundation
import HumbleServer
import Services
import ServicesLive
import ServicesRemote
import ServicesTestSupport
import Testing

/// Downloads of a real `humble-server`'s streams whose connection is cut part-way by a relay in front of it.
///
/// The server's own `Range`, `ETag` and `If-Range` answer the resume: the file ends byte for byte as the
/// catalog's, having moved the cut-off bytes only once; a download cut more often than it may resume fails
/// in one line and leaves no file behind.
@Suite(.timeLimit(.minutes(5))) final class DownloadOverServerTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-cut-\(UUID())")
  /// A stream large enough to be in flight across several socket reads: 3 MB that do not repeat.
  let source: Data
  let server: HumbleServer.RunningServer
  let track: Track

  init() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var generator = SystemRandomNumberGenerator()
    let words = (0..<375_000).map { _ in generator.next() as UInt64 }
    source = words.withUnsafeBytes { Data($0) }
    let file = directory.appendingPathComponent("long.wav")
    try source.write(to: file)
    let catalog = try LiveServices.open(
      .database(at: directory.appendingPathComponent("server.sqlite")),
      options: .init(importsDemoCatalogWhenEmpty: false))
    try catalog.database.importCatalog { importer in
      try importer.insert(Artist.fixture(id: "cut", name: "Cut"))
      try importer.insert(Track.fixture(id: "long", streamURL: file, artistID: "cut"))
    }
    // The server streams only from its stream folder: here, the test's folder, which holds the stream.
    var configuration = HumbleServer.Configuration(port: 0)
    configuration.streamFolder = directory
    server = try await HumbleServer.start(
      store: SQLiteCatalogStore(database: catalog.database), configuration: configuration)
    let remote = try RemoteServices(baseURL: server.url, configuration: .patient)
    track = try #require(try await remote.musicAPI.tracks(ofArtist: "cut").first)
  }

  deinit {
    let server = server
    Task { try await server.shutdown() }
    try? FileManager.default.removeItem(at: directory)
  }

  /// A downloads manager on this machine, as `humble --server` opens it.
  func downloads(resumeAttempts: Int = 5) throws -> LiveServices {
    try LiveServices.open(
      .database(at: directory.appendingPathComponent("downloads-\(UUID()).sqlite")),
      options: .init(
        importsDemoCatalogWhenEmpty: false,
        downloads: .init(resumeAttempts: resumeAttempts, resumeBackoff: .zero)))
  }

  /// Downloads `track` from `url` and returns the state it ended in.
  func download(from url: URL, with downloads: LiveDownloadsManager) async throws -> DownloadState {
    var track = track
    track.streamURL = url
    let changes = downloads.changes()
    try await downloads.startDownload(of: track)
    for await change in changes where change.trackID == track.id {
      switch change.state {
      case .downloaded, .failed: return change.state
      default: continue
      }
    }
    Issue.record("the downloads manager stopped announcing before the download ended")
    return downloads.downloadState(of: track.id)
  }

  @Test("A download cut mid-way resumes from the byte it reached with the server's ETag, and equals the source")
  func aCutDownloadResumesAgainstTheServer() async throws {
    let proxy = try CuttingProxy(upstreamPort: UInt16(try #require(server.url.port))) { connection in
      connection == 0 ? 1_000_000 : nil
    }
    let downloads = try downloads().downloadsManager
    let state = try await download(from: proxy.relaying(track.streamURL), with: downloads)

    #expect(state == .downloaded)
    let file = try #require(downloads.fileURL(for: track.id))
    #expect(try Data(contentsOf: file) == source, "the downloaded file differs from the catalog's")
    let connections = proxy.relayed
    try #require(connections.count == 2, "connections: \(connections)")
    #expect(connections[0].wasCut)
    #expect(connections[0].header("Range") == nil)
    // What reached the client before the cut, less the answer's head, is where the resume starts.
    let resumedAt = try #require(connections[1].header("Range").flatMap(Self.firstByte))
    #expect(resumedAt > 0 && resumedAt < 1_000_000, "resumed at \(resumedAt)")
    #expect(
      connections[1].header("If-Range")?.hasPrefix("\"") == true,
      "If-Range: \(connections[1].header("If-Range") ?? "none")")
    #expect(!connections[1].wasCut)
    #expect(connections[1].relayedBytes < source.count - resumedAt + 1_000, "the resume sent more than the rest")
  }

  @Test("A download cut more often than it may resume fails in one line naming the server, and leaves no file")
  func aDownloadCutTooOftenFails() async throws {
    let proxy = try CuttingProxy(upstreamPort: UInt16(try #require(server.url.port))) { connection in
      300_000 * (connection + 1)
    }
    let services = try downloads(resumeAttempts: 2)
    let downloads = services.downloadsManager
    let url = proxy.relaying(track.streamURL)
    let state = try await download(from: url, with: downloads)

    guard case .failed(let reason) = state else {
      Issue.record("expected a failure, got \(state)")
      return
    }
    #expect(reason.contains(url.absoluteString), "reason: \(reason)")
    #expect(reason.contains("gave up after 2 resumes"), "reason: \(reason)")
    #expect(!reason.contains("\n"))
    // Read first: a failed expectation reflects its operands, and the proxy holds a Mutex, which reflection
    // cannot copy (it crashed the test process once).
    let relayed = proxy.relayed.count
    #expect(relayed == 3)
    #expect(downloads.fileURL(for: track.id) == nil)
    #expect(!downloads.hasDownloaded(track.id))
    let partial = services.location.partialDownloadsDirectory.path
    #expect((try? FileManager.default.contentsOfDirectory(atPath: partial))?.isEmpty ?? true, "a partial file stayed")
  }

  /// The first byte a `Range: bytes=N-` header asks for.
  static func firstByte(_ range: String) -> Int? {
    guard range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
    return Int(range.dropFirst("bytes=".count).dropLast())
  }
}
