import CatalogGeneration
import Foundation
import ServicesLive

/// The generated catalogs that benchmarks run on, generated once per configuration and kept in a
/// gitignored folder, so that runs after the first start at once.
///
/// ```swift
/// let database = try BenchmarkCatalog.open(.large)   // generates it on first use
/// ```
public enum BenchmarkCatalog {
  /// The benchmarks' large catalog: 1,000 artists of 1,000 tracks and one artist of 100,000 tracks.
  public static let large = CatalogGenerator.Configuration()

  /// Where generated catalogs are kept: `$HUMBLE_BENCHMARK_DATA` when set, else `Tools/Benchmarks/.build-data`
  /// (gitignored as every `.build*` folder is).
  public static var dataDirectory: URL {
    if let directory = ProcessInfo.processInfo.environment["HUMBLE_BENCHMARK_DATA"], !directory.isEmpty {
      return URL(fileURLWithPath: directory, isDirectory: true)
    }
    // This file is Tools/Benchmarks/Sources/BenchmarkSupport/BenchmarkCatalog.swift.
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build-data", isDirectory: true)
  }

  /// The file that holds the catalog of `configuration`: `catalog-<slug>-v<generator version>.sqlite`.
  public static func fileURL(for configuration: CatalogGenerator.Configuration) -> URL {
    dataDirectory.appendingPathComponent("catalog-\(configuration.slug)-v\(CatalogGenerator.version).sqlite")
  }

  /// Opens the catalog of `configuration`, generating its file first when there is none.
  public static func open(_ configuration: CatalogGenerator.Configuration) throws -> CatalogDatabase {
    let url = fileURL(for: configuration)
    if !FileManager.default.fileExists(atPath: url.path) {
      try generate(configuration, at: url)
    }
    return try CatalogDatabase.open(at: url)
  }

  private static func generate(_ configuration: CatalogGenerator.Configuration, at url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    log("Generating the benchmark catalog \(url.path) (once)…")
    let clock = ContinuousClock()
    let start = clock.now
    // Another run may have generated it meanwhile: replacing it with the same catalog is harmless.
    try CatalogFile.create(at: url, replacingExisting: true) { database throws(CatalogDatabaseError) in
      try CatalogGenerator(configuration: configuration).generate(into: database)
    }
    let (seconds, attoseconds) = (clock.now - start).components
    let elapsed = String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    log("Generated \(configuration.totalTrackCount) tracks in \(elapsed).")
  }

  private static func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
