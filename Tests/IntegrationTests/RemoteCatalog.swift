import CatalogAPI
import Domain
import Foundation
import HumbleServer
import HumbleServerPostgres
import HumbleServerTestSupport
import Logging
import Services
import ServicesLive

/// A `humble-server` over the contract catalog, on a free loopback port, shared by every remote contract test:
/// one over the SQLite catalog and one over the same catalog imported into PostgreSQL.
///
/// The contract tests only read, so they can share a server; it runs until the test process ends (and the
/// PostgreSQL database with the cluster the test process started).
actor RemoteCatalog {
  static let shared = RemoteCatalog()

  private var started: [Bool: Task<URL, any Error>] = [:]

  /// The server's address, starting it on first use.
  func url(overPostgres: Bool = false) async throws -> URL {
    if let started = started[overPostgres] { return try await started.value }
    let starting = Task {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("humble-remote-\(UUID())")
      let services = try CatalogFixture.sqliteServices(in: directory)
      let store: any CatalogStore
      if overPostgres {
        let location = try await PostgresTestDatabase.create()
        try await PostgresCatalogImport.run(from: services.database, into: location, connectTimeout: .seconds(120))
        store = try await PostgresCatalogStore.connect(
          to: location,
          configuration: .init(requestTimeout: .seconds(300), connectTimeout: .seconds(120), logger: .quiet))
      } else {
        store = SQLiteCatalogStore(database: services.database)
      }
      // The server streams only from its stream folder: the fixture's files are in the test's folder.
      var configuration = HumbleServer.Configuration(port: 0)
      configuration.streamFolder = directory
      let server = try await HumbleServer.start(store: store, configuration: configuration)
      return server.url
    }
    started[overPostgres] = starting
    return try await starting.value
  }
}

/// The remote catalog names its own stream URLs (`SERVER/v1/tracks/ID/stream`) and artwork URLs
/// (`SERVER/v1/artwork/artist-ID`, `…/playlist-ID`), and the embedded catalog its own artwork URLs (each cover's
/// file in its artwork folder, `ServicesLive.CatalogArtwork`), where the mock keeps the catalog's: these adapters
/// check that each one is exactly the URL that implementation names and give the catalog's back, so the contract
/// compares everything else as it is.
struct CatalogURLRestoringMusicAPI: MusicAPI {
  let base: any MusicAPI
  /// The server whose stream endpoint the tracks name; nil: the tracks keep the catalog's stream URLs.
  let streamServer: URL?
  /// The artwork URL the implementation names for an owner.
  let namedArtwork: @Sendable (ArtworkOwner) -> URL

  func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    try await base.tracks(ofArtist: artistID).map(restore)
  }

  func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    var answer = try await base.tracks(ofArtist: artistID, page: page)
    answer.tracks = answer.tracks.map(restore)
    return answer
  }

  func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    restore(try await base.artist(withID: artistID))
  }

  func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    try await base.artists(matching: query).map(restore)
  }

  func allArtists() async throws(MusicAPIError) -> [Artist] {
    try await base.allArtists().map(restore)
  }

  func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    try await base.relatedArtists(of: artistID).map(restore)
  }

  func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track] {
    try await base.tracks(withIDs: trackIDs).map(restore)
  }

  private func restore(_ track: Track) -> Track {
    streamServer.map { restoringCatalogStreamURL(track, server: $0) } ?? track
  }

  /// The artist with the contract catalog's image URL, if the implementation named its own artwork for it; else
  /// unchanged, so the comparison fails and shows the URL.
  private func restore(_ artist: Artist) -> Artist {
    guard artist.imageURL == namedArtwork(.artist(artist.id)),
      let original = CatalogFixture.artists.first(where: { $0.id == artist.id })
    else { return artist }
    var artist = artist
    artist.imageURL = original.imageURL
    return artist
  }
}

/// The playlist side of ``CatalogURLRestoringMusicAPI``.
struct CatalogURLRestoringPlaylistAPI: PlaylistAPI {
  let base: any PlaylistAPI
  let streamServer: URL?
  let namedArtwork: @Sendable (ArtworkOwner) -> URL

  func playlists(featuring artistID: Artist.ID) async throws(PlaylistAPIError) -> [Playlist] {
    try await base.playlists(featuring: artistID).map(restore)
  }

  func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist {
    restore(try await base.playlist(withID: playlistID))
  }

  private func restore(_ playlist: Playlist) -> Playlist {
    var playlist = playlist
    if let streamServer {
      playlist.tracks = playlist.tracks.map { restoringCatalogStreamURL($0, server: streamServer) }
    }
    if playlist.artworkURL == namedArtwork(.playlist(playlist.id)),
      let original = CatalogFixture.playlists.first(where: { $0.id == playlist.id })
    {
      playlist.artworkURL = original.artworkURL
    }
    return playlist
  }
}

/// The artwork URL a server at `server` names for an owner: `/v1/artwork/{artworkID}` under its address.
func servedArtworkURL(_ server: URL) -> @Sendable (ArtworkOwner) -> URL {
  { owner in URL(string: server.absoluteString + CatalogAPI.Path.artwork(owner.artworkID))! }
}

/// The track with the contract catalog's stream URL, if the server named its own stream endpoint for it; else
/// unchanged, so the comparison fails and shows the URL.
private func restoringCatalogStreamURL(_ track: Track, server: URL) -> Track {
  let served = server.absoluteString + "/v1/tracks/\(track.id.rawValue)/stream"
  guard track.streamURLString == served,
    let original = CatalogFixture.tracks.first(where: { $0.id == track.id })
  else { return track }
  var track = track
  track.streamURLString = original.streamURLString
  return track
}

extension Logger {
  /// A logger for stores that outlive their database at the end of a test process (the cluster stops at exit
  /// while they are still connected): only critical messages.
  static var quiet: Logger {
    var logger = Logger(label: "humble-integration-tests")
    logger.logLevel = .critical
    return logger
  }
}
