import CatalogGeneration
import Domain
import Foundation
import ServicesLive

/// A small catalog: five artists of twenty tracks, and a large artist of 300.
let smallConfiguration = CatalogGenerator.Configuration(
  artistCount: 5, tracksPerArtist: 20, largeArtistTrackCount: 300, playlistCount: 12, seed: 7)

/// A new in-memory database holding the catalog generated for `configuration`.
func generatedCatalog(_ configuration: CatalogGenerator.Configuration) throws -> CatalogDatabase {
  let database = try CatalogDatabase.open(at: nil)
  try CatalogGenerator(configuration: configuration).generate(into: database)
  return database
}

/// Every track of the catalog, read back through the music API, artist by artist in name order.
func allTracks(in database: CatalogDatabase) async throws -> [Track] {
  let musicAPI = LiveMusicAPI(database: database)
  var tracks: [Track] = []
  for artist in try await musicAPI.allArtists() {
    tracks += try await musicAPI.tracks(ofArtist: artist.id)
  }
  return tracks
}

/// A directory of its own for one test, deleted when the value is released.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("humble-catalog-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The names of the files in the directory, sorted.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
