import Domain
import Foundation
import GRDB

/// Decoding of catalog rows by column position, the fastest way GRDB offers to read large result sets.
enum CatalogRowDecoder {
  static let trackColumns =
    "track.id, track.title, track.duration, track.streamURL, track.popularity, track.releaseDate, "
    + "track.containsExplicitLyrics, track.artistID"
  /// How many columns ``trackColumns`` names: the index of the first column after them.
  static let trackColumnCount = 8

  static let artistColumns = "artist.id, artist.name, artist.imageURL, artist.listeners"
  /// ``artistColumns`` with NULL for the stored image URL: for an API that names each artist's cover instead.
  static let artistColumnsWithoutImage = "artist.id, artist.name, NULL, artist.listeners"

  /// A track from a row whose first columns are ``trackColumns``, starting at `offset`.
  ///
  /// A value out of range (a catalog written by another program can hold an infinite duration) throws
  /// ``CatalogValueError`` naming the track, rather than reaching an encoder that cannot write it.
  static func track(_ row: Row, offset: Int = 0) throws(CatalogValueError) -> Track {
    let track = Track(
      id: Track.ID(row[offset] as String),
      title: row[offset + 1],
      duration: row[offset + 2],
      streamURLString: row[offset + 3],
      popularity: row[offset + 4],
      releaseDate: Date(timeIntervalSince1970: row[offset + 5]),
      containsExplicitLyrics: row[offset + 6],
      artistID: Artist.ID(row[offset + 7] as String)
    )
    try track.checkValues()
    return track
  }

  /// An artist from a row whose first columns are ``artistColumns``.
  static func artist(_ row: Row) -> Artist {
    Artist(
      id: Artist.ID(row[0] as String),
      name: row[1],
      imageURL: (row[2] as String?).flatMap(URL.init(string:)),
      listeners: row[3]
    )
  }

  static func tracks(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Track] {
    var tracks: [Track] = []
    let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
    while let row = try rows.next() {
      tracks.append(try track(row))
    }
    return tracks
  }

  static func artists(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Artist] {
    var artists: [Artist] = []
    let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
    while let row = try rows.next() {
      artists.append(artist(row))
    }
    return artists
  }
}
