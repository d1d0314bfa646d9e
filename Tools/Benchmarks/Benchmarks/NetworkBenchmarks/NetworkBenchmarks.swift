import Benchmark
import BenchmarkSupport
import CatalogGeneration
import Domain
import Foundation
import HumbleServer
import Presentation
import Services
import ServicesLive
import ServicesRemote
import ServicesTestSupport

/// Opening an artist page of the large generated catalog over `humble-server` (on loopback, in this process)
/// and straight from SQLite: the time to the first screen (`reload()` returns with the first page) and to the
/// whole page (`waitUntilLoaded()`), for the 1,000-track and the 100,000-track artist.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 2
  )

  let artists: [(name: String, id: Artist.ID)] = [
    ("1,000", "artist-0001"), ("100,000", CatalogGenerator.largeArtistID),
  ]
  for (trackCount, artistID) in artists {
    for path in CatalogPath.allCases {
      for whole in [false, true] {
        Benchmark(
          "open the \(trackCount)-track artist page \(path.rawValue): \(whole ? "whole page" : "first screen")",
          configuration: .init(maxDuration: .seconds(20), maxIterations: whole ? 30 : 200)
        ) { benchmark, catalogs in
          for _ in benchmark.scaledIterations {
            blackHole(await catalogs.openPage(of: artistID, path: path, whole: whole))
          }
        } setup: {
          try await Catalogs.shared()
        }
      }
    }
  }
}

/// Where a page's catalog comes from.
enum CatalogPath: String, CaseIterable, Sendable {
  case sqlite = "from SQLite"
  case server = "over HTTP"
}

/// The large catalog, opened once, and a server over it on a free loopback port.
final class Catalogs: Sendable {
  let live: LiveMusicAPI
  let livePlaylists: LivePlaylistAPI
  let remote: RemoteServices
  let server: HumbleServer.RunningServer

  private static let opening = Task { try await Catalogs() }

  static func shared() async throws -> Catalogs {
    try await opening.value
  }

  private init() async throws {
    let database = try BenchmarkCatalog.open(BenchmarkCatalog.large)
    live = LiveMusicAPI(database: database)
    livePlaylists = LivePlaylistAPI(database: database)
    server = try await HumbleServer.start(
      store: SQLiteCatalogStore(database: database),
      configuration: .init(port: 0))
    remote = try RemoteServices(baseURL: server.url)
  }

  /// Opens the page as the REPL does: a new data source, a reload; the whole page waits for the last track.
  @MainActor
  func openPage(of artistID: Artist.ID, path: CatalogPath, whole: Bool) async -> Int {
    let page = ArtistTableDataSource(
      artistID: artistID,
      musicAPI: path == .sqlite ? live : remote.musicAPI,
      downloadsManager: MockDownloadsManager(),
      playlistAPI: path == .sqlite ? livePlaylists : remote.playlistAPI)
    await page.reload()
    if whole { await page.waitUntilLoaded() }
    precondition(page.state == .loaded, "the page did not load: \(page.state)")
    return page.cellModels.count
  }
}
