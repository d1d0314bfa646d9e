import Domain
import Foundation
@_spi(Testing) import HumbleApp
import Services
import ServicesTestSupport

/// The mock services grid session tests start from: Oasis (with a picture) and Blur (without), Oasis's tracks over
/// three years (three releases), and seven playlists featuring Oasis, each with the artwork its fixture gives it.
@MainActor
protocol GridSessionFixture {
  var musicAPI: MockMusicAPI { get }
  var playlistAPI: MockPlaylistAPI { get }
  var downloads: MockDownloadsManager { get }
  var favourites: MockFavouritesManager { get }
  var loader: MockArtworkLoader { get }
}

/// What the grid fixture's catalog holds.
enum GridCatalog {
  static let playlistNames = ["Britpop", "Nineties", "Manchester", "Anthems", "Road Trip", "Rainy Days", "Encore"]
  static let oasisPicture = URL(string: "https://images.example.com/oasis.jpg")!

  static let oasisTracks: [Track] = [
    .fixture(id: "supersonic", title: "Supersonic", releaseDate: date("1994-04-11"), artistID: "oasis"),
    .fixture(id: "live-forever", title: "Live Forever", releaseDate: date("1994-08-08"), artistID: "oasis"),
    .fixture(id: "roll-with-it", title: "Roll With It", releaseDate: date("1995-08-14"), artistID: "oasis"),
    .fixture(id: "wonderwall", title: "Wonderwall", releaseDate: date("1995-10-30"), artistID: "oasis"),
    .fixture(
      id: "stand-by-me", title: "Stand By Me", releaseDate: date("1997-09-22"), containsExplicitLyrics: true,
      artistID: "oasis"),
  ]

  /// The playlist fixture of a name: its identifier is "p" and its place in ``playlistNames`` from 1.
  static func playlist(_ number: Int) -> Playlist {
    .fixture(
      id: Playlist.ID("p\(number)"), name: playlistNames[number - 1],
      tracks: [oasisTracks[(number - 1) % oasisTracks.count]])
  }

  /// The artwork URL of the playlist numbered `number` (from 1).
  static func artwork(_ number: Int) -> URL {
    URL(string: "https://images.example.com/p\(number).jpg")!
  }

  /// A 256 × 256 picture, the size the catalog's covers have.
  static let cover = Artwork.fixture(width: 256, height: 256, shade: 90)

  private static func date(_ day: String) -> Date {
    ISO8601DateFormatter().date(from: day + "T12:00:00Z")!
  }
}

extension GridSessionFixture {
  /// A session over the fixture's mocks, with a viewport of `rows` lines, English dates in UTC, and every artwork
  /// answered with ``GridCatalog/cover`` unless the test says otherwise; no playlists when `hasPlaylists` is false.
  func makeSession(rows: Int = 12, hasPlaylists: Bool = true, hasArtworkLoader: Bool = true) -> Session {
    musicAPI.returnArtists([
      .fixture(id: "oasis", name: "Oasis", imageURL: GridCatalog.oasisPicture), .fixture(id: "blur", name: "Blur"),
    ])
    musicAPI.returnTracks(GridCatalog.oasisTracks, forArtist: "oasis")
    musicAPI.returnTracks([.fixture(id: "song-2", title: "Song 2", artistID: "blur")], forArtist: "blur")
    playlistAPI.returnPlaylists((1...GridCatalog.playlistNames.count).map(GridCatalog.playlist), forArtist: "oasis")
    loader.returnArtwork(GridCatalog.cover)
    return Session(
      musicAPI: musicAPI, playlistAPI: hasPlaylists ? playlistAPI : nil, downloadsManager: downloads,
      favouritesManager: favourites, artworkLoader: hasArtworkLoader ? loader : nil, formatting: .englishUTC,
      rows: rows)
  }
}

extension Session {
  /// The open grid drawn as the session draws it.
  var drawnGrid: [String] {
    grid.map { PosterGridRenderer.lines(for: $0, options: renderOptions) } ?? []
  }

  /// The titles of the posters the open grid displays, in order.
  var displayedPosterTitles: [String] {
    guard let grid else { return [] }
    return grid.visibleIndexes.compactMap { grid.cell(at: $0)?.model?.title }
  }
}
