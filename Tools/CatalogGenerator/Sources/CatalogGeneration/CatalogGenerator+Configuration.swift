import Foundation

extension CatalogGenerator {
  /// How big a catalog to generate, and from which seed.
  public struct Configuration: Hashable, Sendable, Codable {
    /// The seed of catalogs generated without one.
    public static let defaultSeed: UInt64 = 1

    /// The number of ordinary artists (a negative number counts as 0, as in every count here).
    public var artistCount: Int { didSet { artistCount = max(0, artistCount) } }
    /// The number of tracks of each ordinary artist.
    public var tracksPerArtist: Int { didSet { tracksPerArtist = max(0, tracksPerArtist) } }
    /// The number of tracks of the one extra artist, ``CatalogGenerator/largeArtistID``; with 0 there is no
    /// such artist.
    public var largeArtistTrackCount: Int { didSet { largeArtistTrackCount = max(0, largeArtistTrackCount) } }
    /// The number of playlists, each of 10 to 50 tracks drawn from the whole catalog (none when the
    /// catalog has no track).
    public var playlistCount: Int { didSet { playlistCount = max(0, playlistCount) } }
    /// The seed every name, duration, date and choice is derived from.
    public var seed: UInt64

    /// Creates a configuration; the defaults make the benchmark catalog of 1,000 artists of 1,000 tracks
    /// each, plus one artist of 100,000 tracks.
    ///
    /// Negative counts count as 0.
    public init(
      artistCount: Int = 1_000,
      tracksPerArtist: Int = 1_000,
      largeArtistTrackCount: Int = 100_000,
      playlistCount: Int = 100,
      seed: UInt64 = defaultSeed
    ) {
      self.artistCount = max(0, artistCount)
      self.tracksPerArtist = max(0, tracksPerArtist)
      self.largeArtistTrackCount = max(0, largeArtistTrackCount)
      self.playlistCount = max(0, playlistCount)
      self.seed = seed
    }

    /// The number of tracks in the catalog: the ordinary artists' and the large artist's.
    public var totalTrackCount: Int { artistCount * tracksPerArtist + largeArtistTrackCount }

    /// A short name for the configuration, usable in file names: `1000x1000+100000-p100-s1`.
    public var slug: String {
      "\(artistCount)x\(tracksPerArtist)+\(largeArtistTrackCount)-p\(playlistCount)-s\(seed)"
    }

    /// The configuration as compact JSON with sorted keys, as recorded in the catalog's metadata.
    var jsonDescription: String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let data = (try? encoder.encode(self)) ?? Data()
      return String(decoding: data, as: UTF8.self)
    }
  }
}
