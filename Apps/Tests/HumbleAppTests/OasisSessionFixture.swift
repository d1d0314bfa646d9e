import HumbleApp
import ServicesTestSupport

/// The mock services most session tests start from: two artists, Oasis and Blur, whose pages both list
/// Wonderwall, Hello and Supersonic; no playlists.
@MainActor
protocol OasisSessionFixture {
  var musicAPI: MockMusicAPI { get }
  var downloads: MockDownloadsManager { get }
  var favourites: MockFavouritesManager { get }
}

extension OasisSessionFixture {
  /// A session over the fixture's mocks, with a ten-row viewport and English dates in UTC.
  func makeSession() -> Session {
    musicAPI.returnArtists([.fixture(id: "oasis", name: "Oasis"), .fixture(id: "blur", name: "Blur")])
    musicAPI.returnTracksWithTitles(["Wonderwall", "Hello", "Supersonic"])
    return Session(
      musicAPI: musicAPI, playlistAPI: nil, downloadsManager: downloads, favouritesManager: favourites,
      formatting: .englishUTC, rows: 10)
  }
}
