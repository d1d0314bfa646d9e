import Domain
import GRDB
import HumbleSupport
import Services

extension LiveMusicAPI {
  /// One page of the artist's tracks, cut by SQLite over an index of the order, with the same answer as the default
  /// that sorts every track in memory.
  ///
  /// A page after a cursor is found by its key (keyset paging): the tracks that tie with the cursor's key after
  /// its position, then those beyond its key, each read from the order's index and cut at the page's length, so a
  /// deep page costs what the first does. A page at an offset walks the index up to it (`LIMIT`/`OFFSET`).
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    guard !artistID.rawValue.containsNUL else { throw .artistNotFound(artistID) }
    let order = page.order
    let column = Self.sortColumn(order)
    let descending = order.sortsDescending
    // The tracks, then their position and key: what the next page's cursor holds.
    let columns = "\(CatalogRowDecoder.trackColumns), track.position AS position, \(column ?? "NULL") AS sortKey"
    // One more than the page: whether there is a next page is known without counting.
    let fetched = page.limit + 1
    let sql: String
    let arguments: StatementArguments
    switch (page.after, column) {
    case (nil, _):
      sql = "SELECT \(columns) FROM track WHERE artistID = ? ORDER BY \(Self.orderBy(order)) LIMIT ? OFFSET ?"
      arguments = [artistID.rawValue, fetched, page.offset]
    case (let cursor?, nil):
      sql = "SELECT \(columns) FROM track WHERE artistID = ? AND position > ? ORDER BY position LIMIT ?"
      arguments = [artistID.rawValue, cursor.position, fetched]
    case (let cursor?, let column?):
      let key = cursor.key.databaseValue
      sql = """
        SELECT * FROM (
          SELECT \(columns) FROM track WHERE artistID = ? AND \(column) = ? AND position > ? ORDER BY position LIMIT ?)
        UNION ALL
        SELECT * FROM (
          SELECT \(columns) FROM track WHERE artistID = ? AND \(column) \(descending ? "<" : ">") ?
          ORDER BY \(Self.orderBy(order)) LIMIT ?)
        ORDER BY sortKey\(descending ? " DESC" : ""), position LIMIT ?
        """
      arguments = [artistID.rawValue, key, cursor.position, fetched, artistID.rawValue, key, fetched, fetched]
    }
    return try await query { db in
      // The count kept with the artist (CatalogSchema.v3), not COUNT(*) over its tracks on every page.
      guard
        let total = try Int.fetchOne(
          db, sql: "SELECT trackCount FROM artist WHERE id = ?", arguments: [artistID.rawValue])
      else { throw MusicAPIError.artistNotFound(artistID) }
      var tracks: [Track] = []
      var last: (key: DatabaseValue, position: Int)?
      let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
      while let row = try rows.next() {
        guard tracks.count < page.limit else {
          // A row past the page: there is a next page, after the page's last track.
          let next = try last.map { try Self.cursor(order, key: $0.key, position: $0.position) }
          return TrackPage(tracks: tracks, offset: page.offset, total: total, nextCursor: next)
        }
        tracks.append(try CatalogRowDecoder.track(row))
        // By index, not by name: a name is looked up in the row's columns each time.
        last = (row[CatalogRowDecoder.trackColumnCount + 1], row[CatalogRowDecoder.trackColumnCount])
      }
      return TrackPage(tracks: tracks, offset: page.offset, total: total)
    }
  }

  /// A cursor after the track with this key (as the database holds it) and position.
  private static func cursor(_ order: TrackOrder, key: DatabaseValue, position: Int) throws -> TrackCursor {
    let value: TrackCursor.Key
    switch key.storage {
    case .null: value = .none
    case .string(let text): value = .text(text)
    case .int64(let number) where order == .popular: value = .integer(Int(number))
    case .int64(let number): value = .number(Double(number))
    case .double(let number): value = .number(number)
    case .blob: throw MusicAPIError.unavailable(reason: "a track's sort value is not a number or a text")
    }
    return TrackCursor(order: order, key: value, position: position)
  }

  /// The column an order sorts by before position; none for the catalog's order, which sorts by position alone.
  private static func sortColumn(_ order: TrackOrder) -> String? {
    switch order {
    case .catalog: nil
    case .title, .titleDescending: "track.searchTitle"
    case .popular: "track.popularity"
    case .newest: "track.releaseDate"
    case .longest, .shortest: "track.duration"
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

  /// An order's `ORDER BY`: its column, ascending or descending, then position (the tie-break); the order of
  /// its index.
  private static func orderBy(_ order: TrackOrder) -> String {
    sortColumn(order).map { "\($0)\(order.sortsDescending ? " DESC" : ""), position" } ?? "position"
  }

}

extension TrackCursor.Key {
  /// The key as SQLite compares it.
  fileprivate var databaseValue: DatabaseValue {
    switch self {
    case .none: .null
    case .text(let text): text.databaseValue
    case .number(let number): number.databaseValue
    case .integer(let number): number.databaseValue
    }
  }
}
