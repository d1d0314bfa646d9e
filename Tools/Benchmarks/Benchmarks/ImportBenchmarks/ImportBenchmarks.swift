import Benchmark
import BenchmarkSupport
import CatalogGeneration
import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import PostgresBenchmarkSupport
import ServicesLive
import Synchronization

/// Loading the large catalog (1.1 million tracks) into SQLite and into PostgreSQL.
///
/// The catalog is 1,000 artists × 1,000 tracks and one artist of 100,000. One benchmark generates it into a new
/// SQLite file, as `humble-catalog generate` does; the other imports that file into an empty PostgreSQL database,
/// as `humble-server import --from` does (`COPY`, one transaction). Each iteration is one whole load; the database
/// is dropped and created again before each import, untimed.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .peakMemoryResident],
    warmupIterations: 0,
    maxDuration: .seconds(900),
    maxIterations: 3
  )

  Benchmark("generate the 1,100,000-track catalog into SQLite") { benchmark in
    let file = BenchmarkCatalog.dataDirectory.appendingPathComponent("generated-\(UUID().uuidString).sqlite")
    for _ in benchmark.scaledIterations {
      try CatalogFile.create(at: file, replacingExisting: false) { database throws(CatalogDatabaseError) in
        try CatalogGenerator(configuration: BenchmarkCatalog.large).generate(into: database)
      }
      benchmark.stopMeasurement()
      try FileManager.default.removeItem(at: file)
    }
  }

  Benchmark("import the 1,100,000-track catalog into PostgreSQL") { benchmark, source in
    for _ in benchmark.scaledIterations {
      let location = try await ImportCluster.emptyDatabase()
      benchmark.startMeasurement()
      blackHole(try await PostgresCatalogImport.run(from: source, into: location))
    }
  } setup: {
    try ImportCluster.start()
    return try BenchmarkPostgres.openSource(BenchmarkCatalog.large)
  } teardown: {
    ImportCluster.destroy()
  }
}

/// A throwaway cluster of the import benchmark's own (an import writes no more than the catalog; another
/// cluster's data would share its memory), deleted after the benchmark.
enum ImportCluster {
  private static let cluster = Mutex<PostgresCluster?>(nil)
  private static let databaseName = "import_benchmark"

  static func start() throws {
    let started = try PostgresCluster.start()
    cluster.withLock { $0 = started }
  }

  /// Drops the benchmark's database and creates it again, empty.
  static func emptyDatabase() async throws -> PostgresLocation {
    guard let server = cluster.withLock({ $0?.location }) else { throw ImportClusterError() }
    _ = try await PostgresTestDatabase.query(server, "DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
    _ = try await PostgresTestDatabase.query(server, "CREATE DATABASE \(databaseName)")
    return server.database(databaseName)
  }

  static func destroy() {
    cluster.withLock { cluster in
      cluster?.destroy()
      cluster = nil
    }
  }
}

/// The import benchmark ran without its cluster.
struct ImportClusterError: Error, CustomStringConvertible {
  var description: String { "the import benchmark's cluster is not running" }
}
