import Domain
import Foundation
import HumbleApp
import ServicesLive
import ServicesTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Live services failing under the REPL: a stream that stalls, a catalog another process is writing to.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LiveFaultTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-\(UUID().uuidString)")
  var databaseURL: URL { directory.appendingPathComponent("catalog.sqlite") }

  /// Live services over a catalog with one artist whose one track streams from `streamURL`.
  func openServices(streamURL: URL) throws -> LiveServices {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let services = try LiveServices.open(
      .database(at: databaseURL),
      options: .init(
        importsDemoCatalogWhenEmpty: false, downloads: .init(stallTimeout: .milliseconds(300)),
        busyTimeout: .milliseconds(200)))
    try services.database.importCatalog { importer in
      try importer.insert(Artist.fixture(id: "oasis", name: "Oasis"))
      try importer.insert(Track.fixture(id: "wonderwall", title: "Wonderwall", streamURL: streamURL, artistID: "oasis"))
    }
    return services
  }

  func makeSession(_ services: LiveServices) -> Session {
    Session(
      musicAPI: services.musicAPI, playlistAPI: services.playlistAPI, downloadsManager: services.downloadsManager,
      favouritesManager: services.favouritesManager, formatting: .englishUTC, rows: 10,
      waitForDownloads: { [downloads = services.downloadsManager] in await downloads.waitUntilIdle() })
  }

  @Test("A download from a stream that never answers shows the failed marker and one line of reason in 'cell'")
  func aStalledDownloadIsShownFailed() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try SilentServer()
    let streamURL = URL(string: "http://127.0.0.1:\(server.port)/wonderwall.wav")!
    let services = try openServices(streamURL: streamURL)
    let session = makeSession(services)
    #expect(await session.run("artist oasis").error == nil)
    #expect(await session.run("download 1").error == nil)
    let waited = await session.run("wait")
    let row = try #require(waited.lines.first { $0.contains("Wonderwall") })
    #expect(row.contains("!"), "the failed marker: \(row)")
    let reason = "stalled: no data for 0.3 s from \(streamURL.absoluteString) before any of the body arrived"
    let cell = await session.run("cell 1").lines
    #expect(cell.filter { $0.contains(reason) } == ["failure: Download failed: \(reason)"], "\(cell)")
    #expect(await session.run("show").error == nil, "the REPL goes on")
    let partial = try FileManager.default.contentsOfDirectory(atPath: services.location.partialDownloadsDirectory.path)
    #expect(partial.isEmpty)
  }

  @Test("A favourite while another process writes to the catalog is one error line, and works once it is done")
  func aFavouriteWhileTheCatalogIsLocked() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let services = try openServices(streamURL: URL(fileURLWithPath: "/dev/null"))
    let session = makeSession(services)
    let opened = await session.run("artist oasis")
    let holder = try await DatabaseLockHolder.start(database: databaseURL, writingFirst: true)
    let output = await session.run("favourite 1")
    #expect(
      output.error
        == "Favourites storage failed: The catalog database at \(databaseURL.path) is locked by another program; "
        + "try again once it has finished.")
    #expect(output.lines.isEmpty)
    #expect(await session.run("show").lines == opened.lines.dropFirst().map { $0 }, "the row did not change")
    #expect(await session.run("reload").error == nil, "reading goes on")
    await holder.release()
    #expect(await session.run("favourite 1").error == nil)
    #expect(services.favouritesManager.isFavourited("wonderwall"))
  }
}

/// A TCP server on 127.0.0.1 that accepts connections (the kernel does) and never says a word.
private final class SilentServer {
  let port: UInt16
  private let socket: Int32

  init() throws {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    socket = fd
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit {
    close(socket)
  }
}
