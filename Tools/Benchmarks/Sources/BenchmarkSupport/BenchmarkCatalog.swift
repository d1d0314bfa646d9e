import CatalogGeneration
import Foundation
import HumbleSupport
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

  /// A copy of the catalog of `configuration` for benchmarks that write to it (favourites, downloads).
  ///
  /// It is kept beside the catalog as `working-<file name>`, so that the generated file stays as generated, and
  /// made when missing or older than the catalog. Benchmarks that write undo what they wrote, and start by
  /// undoing what an interrupted run left. The copy includes the write-ahead log, which may hold committed pages
  /// the main file does not.
  public static func workingCopy(of configuration: CatalogGenerator.Configuration) throws -> URL {
    let source = fileURL(for: configuration)
    if !FileManager.default.fileExists(atPath: source.path) {
      _ = try open(configuration)
    }
    let copy = source.deletingLastPathComponent().appendingPathComponent("working-" + source.lastPathComponent)
    if try isMissingOrOlder(copy, than: source) {
      for suffix in ["", "-wal", "-shm"] {
        let stale = URL(fileURLWithPath: copy.path + suffix)
        if FileManager.default.fileExists(atPath: stale.path) { try FileManager.default.removeItem(at: stale) }
      }
      log("Copying the benchmark catalog to \(copy.path) (once)…")
      let wal = URL(fileURLWithPath: source.path + "-wal")
      if FileManager.default.fileExists(atPath: wal.path) {
        try FileManager.default.copyItem(at: wal, to: URL(fileURLWithPath: copy.path + "-wal"))
      }
      // The database file comes last, under its name only when complete: an interrupted copy is made again.
      let partial = URL(fileURLWithPath: copy.path + ".partial")
      if FileManager.default.fileExists(atPath: partial.path) { try FileManager.default.removeItem(at: partial) }
      try FileManager.default.copyItem(at: source, to: partial)
      try FileManager.default.moveItem(at: partial, to: copy)
    }
    return copy
  }

  private static func isMissingOrOlder(_ copy: URL, than source: URL) throws -> Bool {
    guard FileManager.default.fileExists(atPath: copy.path) else { return true }
    let modified = { (url: URL) in
      try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }
    guard let copied = try modified(copy), let generated = try modified(source) else { return true }
    return copied < generated
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
    let elapsed = String(format: "%.1f s", (clock.now - start).inSeconds)
    log("Generated \(configuration.totalTrackCount) tracks in \(elapsed).")
  }

  private static func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
