import Domain
import GRDB
import Services

extension LiveMusicAPI {
  /// One page of the artist's tracks, cut by SQLite (`LIMIT`/`OFFSET` over an index of the order), with the
  /// same answer as the default that sorts every track in memory.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    let orderBy = Self.orderBy(page.order)
    return try await query { db in
      try Self.requireArtist(artistID, db)
      let total =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM track WHERE artistID = ?", arguments: [artistID.rawValue]) ?? 0
      let tracks = try CatalogRowDecoder.tracks(
        db,
        sql:
          "SELECT \(CatalogRowDecoder.trackColumns) FROM track WHERE artistID = ? ORDER BY \(orderBy) LIMIT ? OFFSET ?",
        arguments: [artistID.rawValue, page.limit, page.offset]
      )
      return TrackPage(tracks: tracks, offset: page.offset, total: total)
    }
  }

  /// The track with this identifier, or nil when the catalog has none.
  public func track(withID trackID: Track.ID) async throws(MusicAPIError) -> Track? {
    guard !trackID.rawValue.containsNUL else { return nil }
    return try await query { db in
      try CatalogRowDecoder.tracks(
        db, sql: "SELECT \(CatalogRowDecoder.trackColumns) FROM track WHERE id = ?", arguments: [trackID.rawValue]
      ).first
    }
  }

  /// The `ORDER BY` of an order; every one ends with position, the catalog's own order, so ties keep it.
  private static func orderBy(_ order: TrackOrder) -> String {
    switch order {
    case .catalog: "position"
    case .title: "searchTitle, position"
    case .titleDescending: "searchTitle DESC, position"
    case .popular: "popularity DESC, position"
    case .newest: "releaseDate DESC, position"
    case .longest: "duration DESC, position"
    case .shortest: "duration, position"
    }
  }
}
