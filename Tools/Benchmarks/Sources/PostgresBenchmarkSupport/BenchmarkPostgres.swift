import BenchmarkSupport
import CatalogGeneration
import Foundation
import HumbleServerPostgres
import HumbleServerTestSupport
import ServicesLive

/// The benchmarks' catalogs in PostgreSQL, in throwaway clusters that `Tools/scripts/postgres` starts on loopback.
///
/// The cluster of a catalog is kept beside its SQLite file (`.build-data/postgres-<slug>-v<generator version>`),
/// so that the catalog is imported once and later runs only start the cluster:
///
/// ```swift
/// let cluster = try await BenchmarkPostgres.startCluster(holding: BenchmarkCatalog.large)
/// // … cluster.location holds the catalog
/// try await cluster.stop()
/// ```
public enum BenchmarkPostgres {
  /// The data directory of the cluster that holds the catalog of `configuration`.
  public static func clusterDirectory(for configuration: CatalogGenerator.Configuration) -> URL {
    BenchmarkCatalog.dataDirectory.appendingPathComponent(
      "postgres-\(configuration.slug)-v\(CatalogGenerator.version)", isDirectory: true)
  }

  /// Starts the cluster that holds the catalog of `configuration` and answers it; on first use it creates the
  /// cluster and imports the catalog (generating its SQLite file first when there is none).
  ///
  /// An import is all or nothing, so a database that holds a catalog holds all of it: it is used as it is.
  public static func startCluster(holding configuration: CatalogGenerator.Configuration) async throws
    -> PostgresCluster
  {
    let source = try BenchmarkCatalog.open(configuration)
    let cluster = try await PostgresCluster.start(in: clusterDirectory(for: configuration))
    do {
      let clock = ContinuousClock()
      let start = clock.now
      try await PostgresCatalogImport.run(from: source, into: cluster.location)
      log("Imported \(configuration.totalTrackCount) tracks into \(cluster.location) in \(clock.now - start) (once).")
    } catch .catalogNotEmpty {
      // Imported by an earlier run.
    } catch {
      try? await cluster.stop()
      throw error
    }
    return cluster
  }

  /// Opens the SQLite catalog of `configuration` read-only, as `humble-server import --from` does, generating
  /// it first when there is none.
  public static func openSource(_ configuration: CatalogGenerator.Configuration) throws -> CatalogDatabase {
    _ = try BenchmarkCatalog.open(configuration)
    return try CatalogDatabase.open(at: BenchmarkCatalog.fileURL(for: configuration), readOnly: true)
  }

  private static func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
