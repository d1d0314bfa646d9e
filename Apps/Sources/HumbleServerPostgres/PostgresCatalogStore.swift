import CatalogAPI
import Domain
import Foundation
import HumbleServer
import HumbleSupport
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Services

/// The ``CatalogStore`` of a catalog in PostgreSQL: any number of servers can share one database.
///
/// Requests go through a connection pool; every request answers within ``Configuration/requestTimeout`` (a 503
/// naming the cause when the database is down). The store's `LISTEN` connection notices the database going
/// away and reconnects with a capped, jittered backoff (50 ms doubling to 5 s); when it is back, the store
/// starts a fresh pool, so that requests work again at once instead of after the old pool's own backoff,
/// which grows to a minute. Favourite changes are announced with `NOTIFY` in the transaction that makes them, and every server
/// hears every change on a `LISTEN` connection of its own (``favouriteEvents()``).
///
/// ```swift
/// let store = try await PostgresCatalogStore.connect(to: PostgresLocation(url: "postgres://humble@127.0.0.1/humble"))
/// let server = try await HumbleServer.start(store: store)
/// // …
/// try await server.shutdown()
/// await store.close()
/// ```
public final class PostgresCatalogStore: CatalogStore {
  /// How the store connects and how long it waits.
  public struct Configuration: Sendable {
    /// The longest a request waits for the database before it fails as unavailable.
    public var requestTimeout: Duration
    /// The longest one connection attempt takes.
    public var connectTimeout: Duration
    /// The most connections the pool opens.
    public var maximumConnections: Int
    /// Where the store logs (connection failures, reconnections).
    public var logger: Logger

    /// Creates a configuration: 5 s per request, 10 s per connection attempt (as PostgresNIO's own default: a
    /// loaded machine can take seconds to complete a connection on loopback), 20 connections.
    public init(
      requestTimeout: Duration = .seconds(5), connectTimeout: Duration = .seconds(10), maximumConnections: Int = 20,
      logger: Logger = Logger(label: "humble-server.postgres")
    ) {
      self.requestTimeout = requestTimeout
      self.connectTimeout = connectTimeout
      self.maximumConnections = maximumConnections
      self.logger = logger
    }
  }

  /// Where the database is.
  public let location: PostgresLocation
  let configuration: Configuration
  let logger: Logger
  private let pool: NIOLockedValueBox<Pool?>
  private let listener: FavouriteListener

  /// A connection pool and the task that runs it.
  private struct Pool {
    let client: PostgresClient
    let running: Task<Void, Never>

    init(_ location: PostgresLocation, _ configuration: Configuration) {
      var clientConfiguration = location.clientConfiguration(connectTimeout: configuration.connectTimeout)
      clientConfiguration.options.maximumConnections = configuration.maximumConnections
      let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: configuration.logger)
      self.client = client
      running = Task { await client.run() }
    }
  }

  private init(location: PostgresLocation, configuration: Configuration) {
    self.location = location
    self.configuration = configuration
    self.logger = configuration.logger
    let pool = NIOLockedValueBox<Pool?>(Pool(location, configuration))
    self.pool = pool
    listener = FavouriteListener(
      location: location, connectTimeout: configuration.connectTimeout, logger: configuration.logger,
      onReconnect: {
        // A pool that failed to connect for a while waits up to a minute before it tries again: start anew.
        let old = pool.withLockedValue { pool -> Pool? in
          guard let old = pool else { return nil }
          pool = Pool(location, configuration)
          return old
        }
        old?.running.cancel()
      })
  }

  /// The pool requests use now.
  var client: PostgresClient? { pool.withLockedValue { $0?.client } }

  /// Connects to the database, brings its schema up to date, starts listening for favourite changes, and
  /// answers the store; throws ``PostgresStoreError`` when the database cannot be reached or is newer.
  public static func connect(
    to location: PostgresLocation, configuration: Configuration = Configuration()
  ) async throws(PostgresStoreError) -> PostgresCatalogStore {
    let store = PostgresCatalogStore(location: location, configuration: configuration)
    do {
      try await store.migrate()
      try await store.listener.start()
      return store
    } catch {
      await store.close()
      if let error = error as? PostgresStoreError { throw error }
      throw .unavailable(reason: PostgresFailure.reason(error, at: location))
    }
  }

  /// Stops listening and closes every connection.
  public func close() async {
    await listener.stop()
    let closing = pool.withLockedValue { pool in
      defer { pool = nil }
      return pool
    }
    closing?.running.cancel()
    await closing?.running.value
  }

  /// Returns once the store hears favourite changes (its listening connection is open): after the database
  /// was away, a request made after this finds it at once.
  public func waitUntilListening() async {
    await listener.waitUntilListening()
  }

  /// Applies missing migrations on one connection of its own (the pool's connections are for requests).
  private func migrate() async throws {
    try await PostgresSchema.migrate(location, connectTimeout: configuration.connectTimeout, logger: logger)
  }

  /// Runs `body` on a pooled connection within the request timeout; a failure becomes ``CatalogStoreError``.
  func request<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(CatalogStoreError) -> T {
    guard let client else { throw .unavailable(reason: "the store is closed") }
    let location = location
    let limit = configuration.requestTimeout
    let listener = listener
    do {
      return try await FirstOutcome.run(
        within: limit,
        onTimeout: {
          // The listener tries to connect all the time: its last failure is the likely cause.
          let cause = listener.lastFailure.map { " (\($0))" } ?? ""
          return CatalogStoreError.unavailable(
            reason: "PostgreSQL at \(location.address) did not answer within \(limit.secondsText)\(cause)")
        },
        work: { try await client.withConnection { connection in try await body(connection) } })
    } catch {
      throw .database(error, at: location)
    }
  }

  /// Runs `body` in a transaction on a pooled connection within the request timeout.
  func transaction<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(CatalogStoreError) -> T {
    let logger = logger
    return try await request { connection in
      try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
    }
  }

  // MARK: - Catalog

  /// A track's columns, in the order ``TrackRecord`` reads them.
  static let trackColumns = [
    "track.id", "track.title", "track.duration", streamURLColumn, "track.popularity", "track.release_date",
    "track.contains_explicit_lyrics", "track.artist_id",
  ]
  /// The one column a page this server writes does not need: its stream URLs are the server's own.
  static let streamURLColumn = "track.stream_url"
  static let artistColumns = "artist.id, artist.name, artist.image_url, artist.listeners"

  /// Every artist, ordered by name.
  public func allArtists() async throws(CatalogStoreError) -> [Artist] {
    let logger = logger
    return try await request { connection in
      try await Self.artists(
        connection.query(
          PostgresQuery(unsafeSQL: "SELECT \(Self.artistColumns) FROM artist ORDER BY search_name, id"),
          logger: logger))
    }
  }

  /// The artists whose names contain `query`, ignoring case and diacritics, ordered by name.
  public func artists(matching query: String) async throws(CatalogStoreError) -> [Artist] {
    guard !query.containsNUL else { return [] }
    let folded = SearchFolding.fold(query)
    let logger = logger
    return try await request { connection in
      var sql = PostgresQuery(
        unsafeSQL:
          "SELECT \(Self.artistColumns) FROM artist WHERE strpos(search_name, $1) > 0 ORDER BY search_name, id")
      sql.binds.append(folded)
      return try await Self.artists(connection.query(sql, logger: logger))
    }
  }

  /// The artist with an identifier.
  public func artist(withID id: Artist.ID) async throws(CatalogStoreError) -> Artist {
    guard !id.rawValue.containsNUL else { throw .artistNotFound(id) }
    let logger = logger
    let found = try await request { connection in
      var sql = PostgresQuery(unsafeSQL: "SELECT \(Self.artistColumns) FROM artist WHERE id = $1")
      sql.binds.append(id.rawValue)
      return try await Self.artists(connection.query(sql, logger: logger)).first
    }
    guard let found else { throw .artistNotFound(id) }
    return found
  }

  /// One page of an artist's tracks, and how many the artist has in all (kept with the artist at import).
  ///
  /// A page after a cursor is found by its key (keyset paging), as the SQLite store does: the tracks that tie with
  /// the cursor's key after its position, then those beyond its key, each read from the order's index and cut at
  /// the page's length, so a deep page costs what the first does. One track more than the page says whether a next
  /// page exists; the page's last track gives its cursor. The tracks come as rows of up to ``recordsPerRow``
  /// records (``TrackRecord``).
  public func tracks(ofArtist id: Artist.ID, page: TrackPageRequest) async throws(CatalogStoreError) -> TrackPage {
    var tracks: [Track] = []
    tracks.reserveCapacity(min(page.limit, 8_192))
    let read = try await rows(ofArtist: id, page: page, streamURL: true, into: tracks) {
      tracks, record throws(CatalogStoreError) in
      tracks.append(try TrackRecord.read(record, extras: { _ throws(CatalogStoreError) in }).track)
    }
    return TrackPage(tracks: read.rows, offset: page.offset, total: read.total, nextCursor: read.nextCursor)
  }

  /// Writes each row of the page into the body as it lies, without a ``Domain/Track`` made for it
  /// (``TrackRecord/write(_:into:)``).
  public func writeTracks(
    ofArtist id: Artist.ID, page: TrackPageRequest, with writer: TrackPageWriter
  ) async throws(CatalogStoreError) -> WrittenTrackPage {
    // The stream URLs written are the server's: the rows leave the stored ones out.
    let read = try await rows(ofArtist: id, page: page, streamURL: false, into: writer) {
      writer, record throws(CatalogStoreError) in
      try TrackRecord.write(record, into: &writer)
    }
    return read.rows.finish(offset: page.offset, total: read.total, nextCursor: read.nextCursor)
  }

  /// Reads a page of the artist's tracks, adding each track's record (a ``TrackRecord``, with its stream URL or
  /// without) to `rows` with `add`, and answers them with the artist's count and the cursor after the page's last
  /// track when another page follows.
  private func rows<Rows: Sendable>(
    ofArtist id: Artist.ID, page: TrackPageRequest, streamURL: Bool, into rows: Rows,
    add: @escaping @Sendable (inout Rows, UnsafeRawBufferPointer) throws(CatalogStoreError) -> Void
  ) async throws(CatalogStoreError) -> (rows: Rows, total: Int, nextCursor: TrackCursor?) {
    guard !id.rawValue.containsNUL else { throw .artistNotFound(id) }
    let logger = logger
    let order = page.order
    let column = Self.sortColumn(order)
    let descending = order.sortsDescending
    // Each track is one row value (``TrackRecord``) carrying its position, its sort key and the artist's stored
    // count (one lookup the planner does once): a page is one round trip to the database, not two. Only an empty
    // page asks for the count on its own.
    // (The catalog's order has no key but position.)
    let record = TrackRecord.expression(
      adding: ["track.position"] + (order == .catalog ? [] : [column])
        + ["(SELECT track_count FROM artist WHERE id = $1)"],
      streamURL: streamURL)
    let columns = "\(record) AS page_row, track.position AS page_position, \(column) AS page_key"
    let fetched = page.limit + 1
    // The page's records are sent in arrays of ``recordsPerRow``, in order: a row a track cost the driver more than
    // reading the track. The page is one array first (`ARRAY(…)` keeps its query's order), cut into slices: one row
    // holding the whole page had the database allocate memory for all of it as it sent it, and the page faults cost
    // it more than the rows.
    func grouped(_ page: String) -> String {
      """
      WITH whole AS MATERIALIZED (SELECT ARRAY(\(page)) AS page)
      SELECT page[first : first + \(Self.recordsPerRow - 1)] FROM whole,
        generate_series(1, cardinality(page), \(Self.recordsPerRow)) AS first
      ORDER BY first
      """
    }
    var sql: PostgresQuery
    switch (page.after, order) {
    case (nil, _):
      sql = PostgresQuery(
        unsafeSQL: grouped(
          "SELECT \(record) FROM track WHERE artist_id = $1 ORDER BY \(Self.orderBy(order)) LIMIT $2 OFFSET $3"))
      sql.binds.append(id.rawValue)
      sql.binds.append(fetched)
      sql.binds.append(page.offset)
    case (let cursor?, .catalog):
      sql = PostgresQuery(
        unsafeSQL: grouped(
          "SELECT \(record) FROM track WHERE artist_id = $1 AND position > $2 ORDER BY position LIMIT $3"))
      sql.binds.append(id.rawValue)
      sql.binds.append(cursor.position)
      sql.binds.append(fetched)
    case (let cursor?, _):
      sql = PostgresQuery(
        unsafeSQL: grouped(
          """
          SELECT page_row FROM (
            SELECT * FROM (
              SELECT \(columns) FROM track WHERE artist_id = $1 AND \(column) = $2 AND position > $3
              ORDER BY position LIMIT $4) AS ties
            UNION ALL
            SELECT * FROM (
              SELECT \(columns) FROM track WHERE artist_id = $1 AND \(column) \(descending ? "<" : ">") $2
              ORDER BY \(Self.orderBy(order)) LIMIT $4) AS beyond
          ) AS candidates ORDER BY page_key\(descending ? " DESC" : ""), page_position LIMIT $4
          """))
      sql.binds.append(id.rawValue)
      switch cursor.key {
      case .none: sql.binds.append(cursor.position)
      case .text(let text): sql.binds.append(text)
      case .integer(let value): sql.binds.append(value)
      case .number(let value): sql.binds.append(value)
      }
      sql.binds.append(cursor.position)
      sql.binds.append(fetched)
    }
    let query = sql
    let result: (Rows, Int, TrackCursor?)? = try await request { connection in
      let rowsOfRecords = try await connection.query(query, logger: logger)
      // The place (total and cursor) is read from the first and the last track's records only.
      func place(_ record: UnsafeRawBufferPointer) throws(CatalogStoreError) -> (cursor: TrackCursor, total: Int) {
        try TrackRecord.extras(record, streamURL: streamURL) { fields throws(CatalogStoreError) in
          let position = try fields.integer()
          let key: TrackCursor.Key =
            switch order {
            case .catalog: .none
            case .title, .titleDescending: .text(try fields.text())
            case .popular: .integer(try fields.integer())
            case .newest, .longest, .shortest: .number(try fields.double())
            }
          return (cursor: TrackCursor(order: order, key: key, position: position), total: try fields.integer())
        }
      }
      var rows = rows
      var count = 0
      var total: Int?
      var cursor: TrackCursor?
      var more = false
      for try await row in rowsOfRecords {
        var cells = row.makeIterator()
        guard let cell = cells.next() else { throw TrackRecord.malformed("a row had no cell") }
        try TrackRecord.withBytes(of: cell, Self.recordArray) { array throws(CatalogStoreError) in
          for record in try TrackRecord.records(in: array) {
            guard count < page.limit else {
              // A record past the page: there is a next page, after the page's last track.
              more = true
              return
            }
            if total == nil { total = try place(record).total }
            try add(&rows, record)
            count += 1
            if count == page.limit { cursor = try place(record).cursor }
          }
        }
      }
      if let total { return (rows, total, more ? cursor : nil) }
      // No track on the page: the count says whether the artist exists.
      let totals = try await connection.query(
        "SELECT track_count FROM artist WHERE id = \(id.rawValue)", logger: logger
      ).collect()
      guard let stored = try totals.first?.decode(Int.self) else { return nil }
      return (rows, stored, nil)
    }
    guard let result else { throw .artistNotFound(id) }
    return result
  }

  /// How many tracks a row of a page holds.
  static let recordsPerRow = 256

  /// `record[]`, the type of an array of row values.
  static let recordArray = PostgresDataType(2287)

  /// The column an order sorts by before position (position itself for the catalog's order).
  private static func sortColumn(_ order: TrackOrder) -> String {
    switch order {
    case .catalog: "track.position"
    case .title, .titleDescending: "track.search_title"
    case .popular: "track.popularity"
    case .newest: "track.release_date"
    case .longest, .shortest: "track.duration"
    }
  }

  /// Artists related to an artist, most related first.
  public func relatedArtists(of id: Artist.ID) async throws(CatalogStoreError) -> [Artist] {
    let logger = logger
    return try await ofKnownArtist(id) { connection in
      var sql = PostgresQuery(
        unsafeSQL: """
          SELECT \(Self.artistColumns) FROM related_artist JOIN artist ON artist.id = related_artist.related_artist_id
          WHERE related_artist.artist_id = $1 ORDER BY related_artist.position
          """)
      sql.binds.append(id.rawValue)
      return try await Self.artists(connection.query(sql, logger: logger))
    }
  }

  /// Runs `body` when the artist exists, in the same request; ``CatalogStoreError/artistNotFound(_:)`` when not.
  private func ofKnownArtist<T: Sendable>(
    _ id: Artist.ID, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
  ) async throws(CatalogStoreError) -> T {
    guard !id.rawValue.containsNUL else { throw .artistNotFound(id) }
    let logger = logger
    let answer: T? = try await request { connection in
      guard try await Self.artistExists(id, connection, logger) else { return nil }
      return try await body(connection)
    }
    guard let answer else { throw .artistNotFound(id) }
    return answer
  }

  /// The playlists featuring an artist, ordered by name.
  ///
  /// One query answers every playlist with its tracks (a query per playlist made the 100,000-track artist's 92
  /// playlists take 185 round trips). Each playlist track's row is looked up by its key in a subquery: joined
  /// instead, PostgreSQL's planner hashed the whole track table (a parallel scan of every track in the catalog,
  /// 30 ms against 12 for the large artist's 2,867 playlist tracks).
  public func playlists(featuring id: Artist.ID) async throws(CatalogStoreError) -> [Playlist] {
    let logger = logger
    let playlists = try await ofKnownArtist(id) { connection in
      var sql = PostgresQuery(
        unsafeSQL: """
          SELECT playlist.id, playlist.name, playlist.artwork_url,
            (SELECT \(TrackRecord.expression()) FROM track WHERE track.id = playlist_track.track_id)
          FROM playlist
          JOIN playlist_track ON playlist_track.playlist_id = playlist.id
          WHERE EXISTS (
            SELECT 1 FROM playlist_track AS featured JOIN track AS featured_track ON featured_track.id = featured.track_id
            WHERE featured.playlist_id = playlist.id AND featured_track.artist_id = $1
          )
          ORDER BY playlist.id, playlist_track.position
          """)
      sql.binds.append(id.rawValue)
      var playlists: [Playlist] = []
      var current: (id: String, name: String, artwork: String, tracks: [Track])?
      for try await row in try await connection.query(sql, logger: logger) {
        var cells = row.makeIterator()
        guard let idCell = cells.next(), let nameCell = cells.next(), let artworkCell = cells.next(),
          let trackCell = cells.next()
        else { throw TrackRecord.malformed("a playlist's row had too few cells") }
        let playlistID = try TrackRecord.text(idCell)
        if current?.id != playlistID {
          if let current { playlists.append(Self.playlist(current)) }
          current = (playlistID, try TrackRecord.text(nameCell), try TrackRecord.text(artworkCell), [])
        }
        current?.tracks.append(try TrackRecord.track(trackCell))
      }
      if let current { playlists.append(Self.playlist(current)) }
      return playlists
    }
    // By name as people read it (case and accents ignored), as the SQLite store orders them.
    return playlists.sorted { (SearchFolding.fold($0.name), $0.id) < (SearchFolding.fold($1.name), $1.id) }
  }

  /// The playlist with an identifier.
  public func playlist(withID id: Playlist.ID) async throws(CatalogStoreError) -> Playlist {
    guard !id.rawValue.containsNUL else { throw .playlistNotFound(id) }
    let logger = logger
    let found = try await request { connection in try await Self.playlist(id, connection, logger) }
    guard let found else { throw .playlistNotFound(id) }
    return found
  }

  /// The track with an identifier, whose stream URL says where its file is.
  public func track(withID id: Track.ID) async throws(CatalogStoreError) -> Track {
    guard !id.rawValue.containsNUL else { throw .trackNotFound(id) }
    let logger = logger
    let found = try await request { connection in
      var sql = PostgresQuery(unsafeSQL: "SELECT \(TrackRecord.expression()) FROM track WHERE id = $1")
      sql.binds.append(id.rawValue)
      return try await Self.tracks(connection.query(sql, logger: logger)).first
    }
    guard let found else { throw .trackNotFound(id) }
    return found
  }

  /// The tracks with these identifiers, in the order asked, each once, in one query; the catalog's unknown
  /// identifiers are left out.
  public func tracks(withIDs ids: [Track.ID]) async throws(CatalogStoreError) -> [Track] {
    let wanted = ids.filter { !$0.rawValue.containsNUL }.uniquedKeepingOrder()
    guard !wanted.isEmpty else { return [] }
    let logger = logger
    let found = try await request { connection in
      var sql = PostgresQuery(unsafeSQL: "SELECT \(TrackRecord.expression()) FROM track WHERE id = ANY($1)")
      sql.binds.append(wanted.map(\.rawValue))
      return try await Self.tracks(connection.query(sql, logger: logger))
    }
    let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return wanted.compactMap { byID[$0] }
  }

  /// Every favourite change of any user, on any server sharing the database, heard after this call, in
  /// commit order; the stream ends when the listening connection drops (the feed then closes, and its client
  /// reconnects and catches up).
  public func favouriteEvents() -> AsyncStream<FavouriteEvent> {
    listener.events()
  }

  // MARK: - Rows

  /// An order's `ORDER BY`: its column, ascending or descending, then position (the tie-break); the order of
  /// its index (`PostgresSchema`).
  private static func orderBy(_ order: TrackOrder) -> String {
    order == .catalog ? "position" : "\(sortColumn(order))\(order.sortsDescending ? " DESC" : ""), position"
  }

  static func artistExists(_ id: Artist.ID, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
    try await connection.query(
      "SELECT EXISTS (SELECT 1 FROM artist WHERE id = \(id.rawValue))", logger: logger
    ).collect().first?.decode(Bool.self) ?? false
  }

  private static func playlist(
    _ id: Playlist.ID, _ connection: PostgresConnection, _ logger: Logger
  ) async throws -> Playlist? {
    let rows = try await connection.query(
      "SELECT name, artwork_url FROM playlist WHERE id = \(id.rawValue)", logger: logger
    ).collect()
    guard let row = rows.first else { return nil }
    let (name, artwork) = try row.decode((String, String).self)
    var sql = PostgresQuery(
      unsafeSQL: """
        SELECT \(TrackRecord.expression()) FROM playlist_track JOIN track ON track.id = playlist_track.track_id
        WHERE playlist_track.playlist_id = $1 ORDER BY playlist_track.position
        """)
    sql.binds.append(id.rawValue)
    let tracks = try await Self.tracks(connection.query(sql, logger: logger))
    return playlist((id.rawValue, name, artwork, tracks))
  }

  /// A playlist from its columns and tracks.
  private static func playlist(_ columns: (id: String, name: String, artwork: String, tracks: [Track])) -> Playlist {
    Playlist(
      id: Playlist.ID(columns.id), name: columns.name, tracks: columns.tracks,
      artworkURL: URL(string: columns.artwork) ?? URL(fileURLWithPath: "/"))
  }

  /// The tracks of rows whose first cell is a ``TrackRecord``.
  static func tracks(_ rows: PostgresRowSequence) async throws -> [Track] {
    var tracks: [Track] = []
    for try await row in rows {
      var cells = row.makeIterator()
      guard let cell = cells.next() else { throw TrackRecord.malformed("a row had no cell") }
      tracks.append(try TrackRecord.track(cell))
    }
    return tracks
  }

  static func artists(_ rows: PostgresRowSequence) async throws -> [Artist] {
    var artists: [Artist] = []
    for try await row in rows {
      let (id, name, image, listeners) = try row.decode((String, String, String?, Int).self)
      artists.append(
        Artist(id: Artist.ID(id), name: name, imageURL: image.flatMap(URL.init(string:)), listeners: listeners))
    }
    return artists
  }
}
