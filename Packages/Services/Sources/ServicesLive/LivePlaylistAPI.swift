import Domain
import Foundation
import GRDB
import HumbleSupport
import Services

/// The ``PlaylistAPI`` of the embedded catalog database.
///
/// With ``artwork``, each playlist's `artworkURL` is its cover in the catalog's artwork folder (``CatalogArtwork``),
/// written when it is first loaded; without, the URL the catalog stores.
public struct LivePlaylistAPI: PlaylistAPI {
  /// The database the playlists are read from.
  public let database: CatalogDatabase
  /// The catalog's generated covers, which the playlists' artwork URLs name; nil: the catalog's stored URLs.
  public let artwork: CatalogArtwork?

  /// Creates the API over a catalog database, naming `artwork`'s covers as the playlists' artwork when given.
  public init(database: CatalogDatabase, artwork: CatalogArtwork? = nil) {
    self.database = database
    self.artwork = artwork
  }

  /// The playlist with its cover's URL as its artwork, when the API names covers.
  private func namingArtwork(_ playlist: Playlist) -> Playlist {
    guard let artwork else { return playlist }
    var playlist = playlist
    playlist.artworkURL = artwork.url(of: .playlist(playlist.id))
    return playlist
  }

  /// The playlists with at least one track by the artist, ordered by name, each with all its tracks.
  public func playlists(featuring artistID: Artist.ID) async throws(PlaylistAPIError) -> [Playlist] {
    guard !artistID.rawValue.containsNUL else { return [] }
    return try await database.read(
      { db in
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT playlist.id, playlist.name, playlist.artworkURL FROM playlist
            WHERE playlist.id IN (SELECT playlistTrack.playlistID FROM \(try Self.featuringJoin(of: artistID, db))
              WHERE track.artistID = ?)
            """,
          arguments: [artistID.rawValue]
        )
        let playlists = try rows.map { try Self.playlist($0, db) }
        // SQLite orders text by bytes ("Études" after "Sunday"); people expect case and accents ignored.
        return playlists.sorted { (SearchFolding.fold($0.name), $0.id) < (SearchFolding.fold($1.name), $1.id) }
      },
      describingErrorsWith: Self.describe
    ).map(namingArtwork)
  }

  /// The join that finds an artist's playlist entries, driven from the smaller side.
  ///
  /// SQLite's planner always starts from the artist's tracks, one lookup in `playlistTrack` each: for an artist
  /// with 100,000 tracks that is most of the first screen's time (165 ms of it in the benchmarks) when all the
  /// catalog's playlists hold a few thousand entries. `CROSS JOIN` fixes SQLite's loop order, so the join starts
  /// from whichever side is smaller; the counts cost no more than the smaller side.
  private static func featuringJoin(of artistID: Artist.ID, _ db: Database) throws -> String {
    let artistTracks =
      try Int.fetchOne(db, sql: "SELECT trackCount FROM artist WHERE id = ?", arguments: [artistID.rawValue]) ?? 0
    let entries =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM playlistTrack LIMIT ?)", arguments: [artistTracks + 1]) ?? 0
    return entries <= artistTracks
      ? "playlistTrack CROSS JOIN track ON track.id = playlistTrack.trackID"
      : "track CROSS JOIN playlistTrack ON playlistTrack.trackID = track.id"
  }

  /// The playlist with this identifier, with all its tracks in playing order.
  public func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist {
    guard !playlistID.rawValue.containsNUL else { throw .playlistNotFound(playlistID) }
    let found = try await database.read(
      { db in
        try Row.fetchOne(
          db, sql: "SELECT id, name, artworkURL FROM playlist WHERE id = ?", arguments: [playlistID.rawValue]
        ).map { try Self.playlist($0, db) }
      },
      describingErrorsWith: Self.describe)
    guard let found else { throw .playlistNotFound(playlistID) }
    return namingArtwork(found)
  }

  /// A playlist from its row (id, name, artworkURL), with its tracks.
  private static func playlist(_ row: Row, _ db: Database) throws -> Playlist {
    let id: String = row[0]
    let artwork: String = row[2]
    guard let artworkURL = URL(string: artwork) else {
      throw CatalogDatabaseError.query(reason: "playlist '\(id)' has an invalid artwork URL '\(artwork)'")
    }
    let tracks = try CatalogRowDecoder.tracks(
      db,
      sql: """
        SELECT \(CatalogRowDecoder.trackColumns) FROM playlistTrack JOIN track ON track.id = playlistTrack.trackID
        WHERE playlistTrack.playlistID = ? ORDER BY playlistTrack.position
        """,
      arguments: [id]
    )
    return Playlist(id: Playlist.ID(id), name: row[1], tracks: tracks, artworkURL: artworkURL)
  }

  private static func describe(_ error: CatalogDatabaseError) -> PlaylistAPIError {
    error == .cancelled ? .cancelled : .unavailable(reason: error.description)
  }
}
