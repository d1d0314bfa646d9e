import Domain
import GRDB
import HumbleSupport
import Services

extension LiveMusicAPI {
  /// One page of the artist's tracks, cut by SQLite (`LIMIT`/`OFFSET` over an index of the order), with the
  /// same answer as the default that sorts every track in memory.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    let orderBy = Self.orderBy(page.order)
    return try await query { db in
      // The count kept with the artist (CatalogSchema.v3), not COUNT(*) over its tracks on every page.
      guard
        let total = try Int.fetchOne(
          db, sql: "SELECT trackCount FROM artist WHERE id = ?", arguments: [artistID.rawValue])
      else { throw MusicAPIError.artistNotFound(artistID) }
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

  /// The tracks with these identifiers, in the order asked, each once.
  ///
  /// Identifiers the catalog does not hold are left out. They are looked up in batches of 500, each one query.
  public func tracks(withIDs trackIDs: [Track.ID]) async throws(MusicAPIError) -> [Track] {
    let wanted = trackIDs.filter { !$0.rawValue.containsNUL }.uniquedKeepingOrder()
    guard !wanted.isEmpty else { return [] }
    let found = try await query { db in
      var found: [Track.ID: Track] = [:]
      for start in stride(from: 0, to: wanted.count, by: 500) {
        let batch = wanted[start..<min(start + 500, wanted.count)]
        let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
        let tracks = try CatalogRowDecoder.tracks(
          db, sql: "SELECT \(CatalogRowDecoder.trackColumns) FROM track WHERE id IN (\(placeholders))",
          arguments: StatementArguments(batch.map(\.rawValue)))
        for track in tracks { found[track.id] = track }
      }
      return found
    }
    return wanted.compactMap { found[$0] }
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
