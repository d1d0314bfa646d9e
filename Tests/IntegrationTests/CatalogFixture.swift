import Domain
import Foundation
import HumbleServer
import Services
import ServicesLive
import ServicesRemote
import ServicesTestSupport
import Testing

/// One small catalog loaded into each ``MusicAPI`` and ``PlaylistAPI`` implementation, for the contract suite.
///
/// Artists with accents and one without tracks; tracks whose titles repeat in case and accents and whose
/// popularity, length and date tie; playlists featuring several artists. Adding an implementation is one
/// case of ``Implementation`` and one arm in ``init(_:)`` that loads ``CatalogFixture/artists``, ``tracks``,
/// ``related`` and ``playlists``.
final class CatalogFixture: Sendable {
  enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case mock
    case sqlite
    /// The remote services against a real `humble-server` on a loopback port, over the SQLite catalog.
    case remote
    /// The remote services against a real `humble-server` over the same catalog in PostgreSQL.
    case remotePostgres = "remote-postgres"

    var testDescription: String { rawValue }
  }

  let musicAPI: any MusicAPI
  let playlistAPI: any PlaylistAPI
  private let directory: URL?

  private init(musicAPI: any MusicAPI, playlistAPI: any PlaylistAPI) {
    self.musicAPI = musicAPI
    self.playlistAPI = playlistAPI
    directory = nil
  }

  /// The catalog in `implementation`.
  static func make(_ implementation: Implementation) async throws -> CatalogFixture {
    guard implementation == .remote || implementation == .remotePostgres else {
      return try CatalogFixture(implementation)
    }
    let url = try await RemoteCatalog.shared.url(overPostgres: implementation == .remotePostgres)
    let services = try RemoteServices(baseURL: url, configuration: .patient)
    return CatalogFixture(
      musicAPI: CatalogURLRestoringMusicAPI(
        base: services.musicAPI, streamServer: url, namedArtwork: servedArtworkURL(url)),
      playlistAPI: CatalogURLRestoringPlaylistAPI(
        base: services.playlistAPI, streamServer: url, namedArtwork: servedArtworkURL(url)))
  }

  private init(_ implementation: Implementation) throws {
    switch implementation {
    case .remote, .remotePostgres:
      preconditionFailure("the remote fixtures are made by make(_:)")
    case .mock:
      let music = MockMusicAPI()
      music.returnArtists(Self.artists)
      for artist in Self.artists {
        music.returnTracks(Self.tracks(of: artist.id), forArtist: artist.id)
        music.returnRelatedArtists(
          (Self.related[artist.id] ?? []).compactMap { id in Self.artists.first { $0.id == id } },
          forArtist: artist.id)
      }
      let playlists = MockPlaylistAPI()
      for artist in Self.artists {
        let featuring = Self.playlists.filter { $0.tracks.contains { $0.artistID == artist.id } }
        playlists.returnPlaylists(
          featuring.sorted { (SearchFolding.fold($0.name), $0.id) < (SearchFolding.fold($1.name), $1.id) },
          forArtist: artist.id)
      }
      musicAPI = music
      playlistAPI = playlists
      directory = nil
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-catalog-\(UUID())")
      self.directory = directory
      let services = try Self.sqliteServices(in: directory)
      // The embedded catalog names each cover's file in its artwork folder: checked, then the catalog's URL.
      let artwork = services.artwork
      musicAPI = CatalogURLRestoringMusicAPI(
        base: services.musicAPI, streamServer: nil, namedArtwork: { artwork.url(of: $0) })
      playlistAPI = CatalogURLRestoringPlaylistAPI(
        base: services.playlistAPI, streamServer: nil, namedArtwork: { artwork.url(of: $0) })
    }
  }

  /// The catalog in a new SQLite database in `directory`.
  static func sqliteServices(in directory: URL) throws -> LiveServices {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let services = try LiveServices.open(
      .database(at: directory.appendingPathComponent("catalog.sqlite")),
      options: .init(importsDemoCatalogWhenEmpty: false))
    try services.database.importCatalog { importer in
      for artist in Self.artists { try importer.insert(artist) }
      for track in Self.tracks { try importer.insert(track) }
      for playlist in Self.playlists { try importer.insert(playlist) }
      for (artistID, related) in Self.related.sorted(by: { $0.key < $1.key }) {
        try importer.relate(artistID, to: related)
      }
    }
    return services
  }

  deinit {
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  // MARK: The catalog

  static let artists: [Artist] = [
    .fixture(id: "bjork", name: "Björk", listeners: 900),
    .fixture(id: "sigur", name: "Sigur Rós", listeners: 500),
    .fixture(id: "aurora", name: "Aurora", listeners: 500),
    .fixture(id: "quiet", name: "The Quiet One", listeners: 0),
    .fixture(id: "oasis", name: "Oasis", listeners: 800),
  ]

  /// Whole days after 1 January 2000, so dates survive any storage exactly.
  static func day(_ number: Int) -> Date { Date(timeIntervalSince1970: 946_684_800 + Double(number) * 86_400) }

  static let tracks: [Track] = [
    track("b1", "Jóga", popularity: 80, duration: 300, day: 2, "bjork"),
    track("b2", "joga", popularity: 80, duration: 200, day: 1, "bjork"),
    track("b3", "Army of Me", popularity: 90, duration: 200, day: 3, "bjork"),
    track("b4", "JOGA", popularity: 50, duration: 300, day: 3, "bjork"),
    track("b5", "Hyperballad", popularity: 80, duration: 250, day: 2, "bjork"),
    track("b6", "army of me", popularity: 90, duration: 180, day: 1, "bjork", explicit: true),
    track("b7", "Human Behaviour", popularity: 10, duration: 250, day: 2, "bjork"),
    track("s1", "Hoppípolla", popularity: 70, duration: 270, day: 5, "sigur"),
    track("s2", "Glósóli", popularity: 60, duration: 370, day: 4, "sigur"),
    track("a1", "Runaway", popularity: 75, duration: 250, day: 6, "aurora"),
    track("o1", "Wonderwall", popularity: 95, duration: 258, day: 7, "oasis"),
    track("o2", "Hello", popularity: 60, duration: 201, day: 7, "oasis"),
    track("o3", "wonderwall", popularity: 60, duration: 258, day: 8, "oasis"),
  ]

  static let related: [Artist.ID: [Artist.ID]] = ["bjork": ["sigur", "aurora"], "sigur": ["bjork"]]

  static let playlists: [Playlist] = [
    .fixture(
      id: "p-mix", name: "Évening Mix",
      tracks: [tracks(of: "bjork")[0], tracks(of: "sigur")[0], tracks(of: "oasis")[0]]),
    .fixture(id: "p-ice", name: "iceland", tracks: [tracks(of: "bjork")[2], tracks(of: "sigur")[1]]),
    .fixture(id: "p-brit", name: "Britpop", tracks: [tracks(of: "oasis")[0], tracks(of: "oasis")[1]]),
  ]

  static func tracks(of artistID: Artist.ID) -> [Track] { tracks.filter { $0.artistID == artistID } }

  private static func track(
    _ id: Track.ID, _ title: String, popularity: Int, duration: TimeInterval, day number: Int, _ artistID: Artist.ID,
    explicit: Bool = false
  ) -> Track {
    .fixture(
      id: id, title: title, duration: duration, popularity: popularity, releaseDate: day(number),
      containsExplicitLyrics: explicit, artistID: artistID)
  }
}

extension RemoteConfiguration {
  /// For tests that are not about timeouts: a loaded CI machine running the whole suite under the thread sanitizer
  /// can take longer than the default 10 s to answer, and the suites' own time limits already catch a hang.
  static let patient = RemoteConfiguration(requestTimeout: .seconds(300))
}
