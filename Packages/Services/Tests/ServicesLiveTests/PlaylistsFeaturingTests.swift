import Domain
import Foundation
import HumbleSupportTesting
import Services
import ServicesLive
import ServicesTestSupport
import Testing

/// Which playlists feature an artist does not depend on which side the query starts from: an artist with more
/// tracks than the catalog has playlist entries is found from the entries, one with fewer from its tracks.
@Suite struct PlaylistsFeaturingTests {
  let directory: TemporaryDirectory
  let services: LiveServices

  init() throws {
    directory = try TemporaryDirectory()
    services = try openServices(in: directory)
    let prolific = (0..<200).map { Track.fixture(id: Track.ID("p\($0)"), artistID: "prolific") }
    let rare = [Track.fixture(id: "r0", artistID: "rare"), Track.fixture(id: "r1", artistID: "rare")]
    let other = Track.fixture(id: "o0", artistID: "other")
    try services.database.importCatalog { importer in
      for id in ["prolific", "rare", "other"] { try importer.insert(Artist.fixture(id: Artist.ID(id))) }
      for track in prolific + rare + [other] { try importer.insert(track) }
      try importer.insert(Playlist.fixture(id: "mixed", name: "Mixed", tracks: [prolific[7], rare[1], prolific[150]]))
      try importer.insert(Playlist.fixture(id: "rare-only", name: "Rare only", tracks: [rare[0], rare[0], rare[1]]))
      try importer.insert(Playlist.fixture(id: "others", name: "Others", tracks: [other]))
      try importer.insert(Playlist.fixture(id: "empty", name: "Empty", tracks: []))
    }
  }

  @Test(arguments: [
    ("prolific", ["Mixed"]), ("rare", ["Mixed", "Rare only"]), ("other", ["Others"]), ("nobody", []),
  ])
  func theSamePlaylistsAreFoundFromEitherSide(artist: String, names: [String]) async throws {
    let playlists = try await services.playlistAPI.playlists(featuring: Artist.ID(artist))
    #expect(playlists.map(\.name) == names)
    #expect(playlists.allSatisfy { !$0.tracks.isEmpty })
  }
}
