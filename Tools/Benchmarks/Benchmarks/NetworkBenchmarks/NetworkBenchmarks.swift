import Benchmark
import BenchmarkSupport
import CatalogGeneration
import Domain
import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import PostgresBenchmarkSupport
import Presentation
import Services
import ServicesLive
import ServicesRemote
import ServicesTestSupport
import Synchronization

/// Opening an artist page of the large generated catalog over `humble-server` (on loopback, in this process)
/// serving it from SQLite or from PostgreSQL, and straight from SQLite: the time to the first screen
/// (`reload()` returns with the first page) and to the whole page (`waitUntilLoaded()`), for the 1,000-track and
/// the 100,000-track artist.
///
/// The PostgreSQL variants start a throwaway cluster (`Tools/scripts/postgres`) in their setup and stop it in their
/// teardown; the catalog is imported into it once and kept in `.build-data/` for later runs.
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
          try await Catalogs.open(path)
        } teardown: {
          await Catalogs.close()
        }
      }
    }
  }
}

/// Where a page's catalog comes from.
enum CatalogPath: String, CaseIterable, Sendable {
  case sqlite = "from SQLite"
  case server = "over HTTP"
  case postgres = "over HTTP from PostgreSQL"
}

/// The large catalog, and a server on a free loopback port over it in SQLite or, for the PostgreSQL path, in a
/// cluster of its own.
final class Catalogs: Sendable {
  let live: LiveMusicAPI
  let livePlaylists: LivePlaylistAPI
  let remote: RemoteServices
  let server: HumbleServer.RunningServer
  let postgres: (store: PostgresCatalogStore, cluster: PostgresCluster)?

  /// What this benchmark process opened, closed by its teardown.
  private static let opened = Mutex<Catalogs?>(nil)

  /// Opens the catalog and starts a server over it (each benchmark runs in a process of its own).
  static func open(_ path: CatalogPath) async throws -> Catalogs {
    let catalogs = try await Catalogs(postgres: path == .postgres)
    opened.withLock { $0 = catalogs }
    return catalogs
  }

  /// Stops the server and, for the PostgreSQL path, the cluster.
  static func close() async {
    guard let catalogs = opened.withLock({ $0.take() }) else { return }
    try? await catalogs.server.shutdown()
    if let (store, cluster) = catalogs.postgres {
      await store.close()
      try? await cluster.stop()
    }
  }

  private init(postgres usesPostgres: Bool) async throws {
    let database = try BenchmarkCatalog.open(BenchmarkCatalog.large)
    live = LiveMusicAPI(database: database)
    livePlaylists = LivePlaylistAPI(database: database)
    if usesPostgres {
      let cluster = try await BenchmarkPostgres.startCluster(holding: BenchmarkCatalog.large)
      do {
        let store = try await PostgresCatalogStore.connect(to: cluster.location)
        postgres = (store, cluster)
        server = try await HumbleServer.start(store: store, configuration: .init(port: 0))
      } catch {
        try? await cluster.stop()
        throw error
      }
    } else {
      postgres = nil
      server = try await HumbleServer.start(
        store: SQLiteCatalogStore(database: database),
        configuration: .init(port: 0))
    }
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
