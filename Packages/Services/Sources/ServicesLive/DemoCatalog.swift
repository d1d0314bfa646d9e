import Domain
import Foundation
import GRDB
import SeededRandomness

/// The catalog bundled with Humble, imported into an empty database so the app has data with no setup.
///
/// Its stream URLs point at small WAV files that the import creates in the streams directory, so a
/// download moves real bytes. Durations and popularity come from a fixed seed: every import is identical
/// apart from where the stream files are.
public enum DemoCatalog {
  /// The metadata key recording that a database holds the demo catalog (its value is the version).
  public static let metadataKey = "demo-catalog"
  static let version = "1"
  /// Bytes of stream file per second of track: small files that still take several chunks to copy.
  static let streamBytesPerSecond = 256

  /// Imports the demo catalog in one transaction and creates its stream files in `streamsDirectory`.
  public static func `import`(into database: CatalogDatabase, streamsDirectory: URL) throws(CatalogDatabaseError) {
    let content = makeContent(streamsDirectory: streamsDirectory)
    try database.importCatalog { importer in
      for artist in content.artists { try importer.insert(artist) }
      for track in content.tracks { try importer.insert(track) }
      for playlist in content.playlists { try importer.insert(playlist) }
      for (artistID, related) in content.related { try importer.relate(artistID, to: related) }
      try importer.setMetadata(version, forKey: metadataKey)
    }
    try createMissingStreamFiles(for: content.tracks)
  }

  /// Recreates any of the demo catalog's stream files that are missing (deleted by hand, or a new machine).
  public static func createMissingStreamFiles(in database: CatalogDatabase) throws(CatalogDatabaseError) {
    let tracks = try database.readBlocking { db in
      try CatalogRowDecoder.tracks(
        db, sql: "SELECT \(CatalogRowDecoder.trackColumns) FROM track WHERE streamURL LIKE 'file:%'", arguments: [])
    }
    try createMissingStreamFiles(for: tracks)
  }

  /// The demo catalog as values: artists, tracks in catalog order, playlists and related artists.
  public static func makeContent(
    streamsDirectory: URL
  ) -> (artists: [Artist], tracks: [Track], playlists: [Playlist], related: [(Artist.ID, [Artist.ID])]) {
    var random = SeededRandom(seed: 0x4855_4D42_4C45)
    var artists: [Artist] = []
    var tracks: [Track] = []
    var tracksByNumber: [String: [Track]] = [:]
    for entry in DemoCatalogData.artists {
      let artist = Artist(
        id: Artist.ID(entry.id),
        name: entry.name,
        imageURL: URL(string: "https://images.example.com/artists/\(entry.id).jpg"),
        listeners: entry.listeners
      )
      artists.append(artist)
      for (index, title) in entry.titles.enumerated() {
        let id = Track.ID("\(entry.id)-\(index + 1 < 10 ? "0" : "")\(index + 1)")
        let duration =
          DemoCatalogData.fixedDurations[title] ?? Double(random.next(in: 150...400))
        // Four releases per artist, a year or two apart, each on a day of its own.
        let release = DateComponents(
          calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
          year: entry.firstYear + index / 4 * 2, month: 1 + (index * 5) % 12, day: 1 + (index * 7) % 28)
        let track = Track(
          id: id,
          title: title,
          duration: duration,
          streamURL: streamsDirectory.appendingPathComponent("\(id.rawValue).wav"),
          popularity: random.next(in: 1...100),
          releaseDate: release.date ?? Date(timeIntervalSince1970: 0),
          containsExplicitLyrics: DemoCatalogData.explicitTitles.contains(title),
          artistID: artist.id
        )
        tracks.append(track)
        tracksByNumber[entry.id, default: []].append(track)
      }
    }
    let playlists = DemoCatalogData.playlists.map { entry in
      Playlist(
        id: Playlist.ID(entry.id),
        name: entry.name,
        tracks: entry.tracks.compactMap { artistID, number in tracksByNumber[artistID]?[number - 1] },
        artworkURL: URL(string: "https://images.example.com/playlists/\(entry.id).jpg")!
      )
    }
    let related = DemoCatalogData.artists.map { entry in
      (Artist.ID(entry.id), (DemoCatalogData.related[entry.id] ?? []).map { Artist.ID($0) })
    }
    return (artists, tracks, playlists, related)
  }

  private static func createMissingStreamFiles(for tracks: [Track]) throws(CatalogDatabaseError) {
    let fileManager = FileManager.default
    let files = tracks.filter(\.streamURL.isFileURL)
    guard let directory = files.first?.streamURL.deletingLastPathComponent() else { return }
    do {
      try fileManager.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: StorageLocation.privateDirectory)
      for track in files where !fileManager.fileExists(atPath: track.streamURL.path) {
        try WaveFile.data(seconds: track.duration, bytesPerSecond: streamBytesPerSecond, seed: track.id.rawValue)
          .write(to: track.streamURL, options: .atomic)
      }
    } catch {
      throw .filesDirectory(path: directory.path, reason: "cannot create stream files: \(error.localizedDescription)")
    }
  }
}
