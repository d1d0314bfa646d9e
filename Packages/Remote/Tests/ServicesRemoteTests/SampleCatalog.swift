import Domain
import Foundation
import ServicesTestSupport

extension StubCatalogServer.Catalog {
  /// Three artists: one with 12,500 tracks (three pages at the largest size), one with a few, one with none.
  static let sample: Self = {
    let prolific = Artist.fixture(id: "prolific", name: "Prolific Orchestra", listeners: 9_000)
    let neon = Artist.fixture(id: "neon harbour/1", name: "Néon Harbour", listeners: 1_200)
    let quiet = Artist.fixture(id: "quiet", name: "Quiet Room", listeners: 3)
    let many = (0..<12_500).map { index in
      Track.fixture(
        id: Track.ID("p\(index)"), title: "Part \(index)", duration: TimeInterval(100 + index % 97),
        popularity: index % 13, artistID: prolific.id)
    }
    let few = ["Night Ferry", "Arc Lights", "Tidewater"].enumerated().map { index, title in
      Track.fixture(id: Track.ID("n\(index)"), title: title, popularity: 10 - index, artistID: neon.id)
    }
    var catalog = Self()
    catalog.artists = [prolific, neon, quiet]
    catalog.tracks = [prolific.id: many, neon.id: few, quiet.id: []]
    catalog.related = [neon.id: [quiet.id, prolific.id]]
    catalog.playlists = [
      Playlist.fixture(id: "late", name: "Late Night", tracks: [few[0], many[1]]),
      Playlist.fixture(id: "all", name: "All Of It", tracks: few),
    ]
    return catalog
  }()
}
