import Domain
import Foundation
import GRDB

/// One row of a catalog as ``CatalogDatabase/exportCatalog(_:)`` reads it: what another store needs to hold
/// the same catalog in the same order.
public enum CatalogExportRow: Hashable, Sendable {
  /// An artist, with its name folded for search (``SearchFolding``).
  case artist(Artist, searchName: String)
  /// A track, its place in its artist's catalog order, and its title as searches and title order use it.
  case track(Track, position: Int, searchTitle: String)
  /// A playlist, without its tracks (they follow as ``playlistTrack(playlistID:position:trackID:)``).
  case playlist(id: Playlist.ID, name: String, artworkURL: String)
  /// One entry of a playlist.
  case playlistTrack(playlistID: Playlist.ID, position: Int, trackID: Track.ID)
  /// An artist related to another, `position` 0 being the most related.
  case relatedArtist(artistID: Artist.ID, relatedArtistID: Artist.ID, position: Int)
}

extension CatalogDatabase {
  /// Reads the whole catalog in one read transaction, calling `body` for every row: all artists, then all
  /// tracks (by artist, in catalog order), playlists, their entries, and related artists.
  ///
  /// Rows stream from SQLite, so a catalog of millions of tracks is exported without holding it in memory.
  /// An error thrown by `body` ends the export and is rethrown.
  public func exportCatalog(_ body: (CatalogExportRow) throws -> Void) throws {
    var failure: (any Error)?
    do {
      try readBlocking { db in
        do {
          try Self.export(db, body)
        } catch let error as DatabaseError {
          throw error
        } catch {
          failure = error
        }
      }
    } catch {
      throw failure ?? error
    }
    if let failure { throw failure }
  }

  /// How many artists, tracks, playlists, playlist entries and related-artist rows the catalog holds.
  public func exportCounts() throws(CatalogDatabaseError) -> CatalogExportCounts {
    try readBlocking { db in
      func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
      return CatalogExportCounts(
        artists: try count("artist"), tracks: try count("track"), playlists: try count("playlist"),
        playlistTracks: try count("playlistTrack"), relatedArtists: try count("relatedArtist"))
    }
  }

  private static func export(_ db: Database, _ body: (CatalogExportRow) throws -> Void) throws {
    let artists = try Row.fetchCursor(
      db, sql: "SELECT \(CatalogRowDecoder.artistColumns), searchName FROM artist ORDER BY id")
    while let row = try artists.next() {
      let artist = CatalogRowDecoder.artist(row)
      try artist.checkValues()
      try body(.artist(artist, searchName: row[4]))
    }
    let tracks = try Row.fetchCursor(
      db,
      sql:
        "SELECT \(CatalogRowDecoder.trackColumns), track.position, track.searchTitle FROM track ORDER BY artistID, position"
    )
    while let row = try tracks.next() {
      try body(.track(try CatalogRowDecoder.track(row), position: row[8], searchTitle: row[9]))
    }
    let playlists = try Row.fetchCursor(db, sql: "SELECT id, name, artworkURL FROM playlist ORDER BY id")
    while let row = try playlists.next() {
      try body(.playlist(id: Playlist.ID(row[0] as String), name: row[1], artworkURL: row[2]))
    }
    let entries = try Row.fetchCursor(
      db, sql: "SELECT playlistID, position, trackID FROM playlistTrack ORDER BY playlistID, position")
    while let row = try entries.next() {
      try body(
        .playlistTrack(
          playlistID: Playlist.ID(row[0] as String), position: row[1], trackID: Track.ID(row[2] as String)))
    }
    let related = try Row.fetchCursor(
      db, sql: "SELECT artistID, relatedArtistID, position FROM relatedArtist ORDER BY artistID, position")
    while let row = try related.next() {
      try body(
        .relatedArtist(
          artistID: Artist.ID(row[0] as String), relatedArtistID: Artist.ID(row[1] as String), position: row[2]))
    }
  }
}

/// How many rows of each kind a catalog holds.
public struct CatalogExportCounts: Hashable, Sendable {
  /// Artists.
  public var artists: Int
  /// Tracks.
  public var tracks: Int
  /// Playlists.
  public var playlists: Int
  /// Playlist entries.
  public var playlistTracks: Int
  /// Related-artist rows.
  public var relatedArtists: Int

  /// Creates counts.
  public init(artists: Int, tracks: Int, playlists: Int, playlistTracks: Int, relatedArtists: Int) {
    self.artists = artists
    self.tracks = tracks
    self.playlists = playlists
    self.playlistTracks = playlistTracks
    self.relatedArtists = relatedArtists
  }
}
