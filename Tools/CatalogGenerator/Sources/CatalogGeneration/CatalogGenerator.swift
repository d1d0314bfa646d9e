import Domain
import Foundation
import ServicesLive

/// Writes a large, made-up catalog into a ``CatalogDatabase``: the same configuration (and so the same seed)
/// gives the same catalog, row for row, on every machine.
///
/// Every artist, track and playlist is computed on its own from the seed and its position, so the catalog
/// streams into the database without ever being held in memory, and any track can be recomputed alone:
///
/// ```swift
/// let database = try CatalogDatabase.open(at: nil)
/// try CatalogGenerator(configuration: .init(artistCount: 10, tracksPerArtist: 50)).generate(into: database)
/// ```
public struct CatalogGenerator: Sendable {
  /// The identifier of the extra artist with ``Configuration/largeArtistTrackCount`` tracks.
  public static let largeArtistID: Artist.ID = "large-artist"

  /// What to generate.
  public let configuration: Configuration

  /// Creates a generator for `configuration`.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Writes the whole catalog into `database` in one transaction, calling `progress` every 10,000 tracks
  /// and once at the end; if anything fails, nothing is written.
  ///
  /// The database should hold no catalog yet: identifiers would clash with those of an earlier generation.
  public func generate(
    into database: CatalogDatabase,
    progress: ((Progress) -> Void)? = nil
  ) throws(CatalogDatabaseError) {
    let artists = (0..<artistSlotCount).map(artist(at:))
    try database.importCatalog { importer in
      var reporter = ProgressReporter(totalTrackCount: configuration.totalTrackCount, report: progress)
      for artist in artists {
        try importer.insert(artist)
      }
      for artistIndex in artists.indices {
        for trackIndex in 0..<trackCount(ofArtistAt: artistIndex) {
          try importer.insert(track(number: trackIndex + 1, ofArtistAt: artistIndex))
          reporter.recordTrackWritten()
        }
      }
      for artistIndex in artists.indices {
        let related = relatedArtistIndices(ofArtistAt: artistIndex).map { artists[$0].id }
        try importer.relate(artists[artistIndex].id, to: related)
      }
      for playlistIndex in 0..<playlistSlotCount {
        try importer.insert(playlist(at: playlistIndex))
      }
      try importer.setMetadata(String(configuration.seed), forKey: Self.seedMetadataKey)
      try importer.setMetadata(configuration.jsonDescription, forKey: Self.configurationMetadataKey)
      try importer.setMetadata(Self.version, forKey: Self.versionMetadataKey)
      reporter.finish()
    }
  }
}
