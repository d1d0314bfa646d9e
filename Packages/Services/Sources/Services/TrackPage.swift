import Domain

/// An order in which a catalog lists an artist's tracks page by page.
///
/// Every order breaks ties by the catalog's own order, so pages never overlap or skip a track. The raw values
/// are the `sort` parameter of the HTTP API.
public enum TrackOrder: String, CaseIterable, Hashable, Sendable, Codable {
  /// The catalog's order (the order of ``MusicAPI/tracks(ofArtist:)``).
  case catalog
  /// By title, A to Z, ignoring case and diacritics (``SearchFolding``), then by catalog order.
  case title
  /// By title, Z to A, ignoring case and diacritics, then by catalog order.
  case titleDescending = "title-descending"
  /// Most popular first.
  case popular
  /// Most recently released first.
  case newest
  /// Longest first.
  case longest
  /// Shortest first.
  case shortest
}

/// Which page of an artist's tracks to fetch: where it starts, how long it is at most, and in which order.
///
/// A page starts either at an offset (how many tracks come before it) or right after a ``TrackCursor`` that the
/// previous page handed out (``TrackPage/nextCursor``): keyset paging, which costs the same however deep the page
/// is and neither repeats nor skips a track when tracks are added or removed between pages.
public struct TrackPageRequest: Hashable, Sendable {
  /// The most tracks one page holds; a longer ``limit`` is cut to this.
  public static let maximumLimit = 5000
  /// The length of a page when none is asked for.
  public static let defaultLimit = 50

  /// How many tracks (in ``order``) come before the page; never negative.
  ///
  /// After a cursor, how many the caller has had so far: the page reports it as its ``TrackPage/offset``, and the
  /// cursor says where the page starts.
  public var offset: Int
  /// The most tracks the page holds: 1 through ``maximumLimit``.
  public var limit: Int
  /// The order the tracks are listed in (with a cursor, the cursor's).
  public private(set) var order: TrackOrder
  /// The cursor the page continues after, if it does not start at ``offset``.
  public private(set) var after: TrackCursor?
  /// How long the caller will ask the page after this one to be (1 through ``maximumLimit``), when it knows; nil
  /// when it does not.
  ///
  /// A hint: it does not change which tracks this page holds. A source that reads the next page while the caller
  /// reads this one (a remote catalog follows the server's `Link`) reads it at this length, so the caller's next
  /// request finds its answer on its way. Without it, the page read ahead is as long as this one, and a caller whose
  /// pages grow asks for every next page again.
  public var nextLimit: Int? {
    didSet { nextLimit = nextLimit.map(Self.clamped) }
  }

  /// Creates a request, clamping a negative offset to 0 and the limits to 1 through ``maximumLimit``.
  public init(
    offset: Int = 0, limit: Int = TrackPageRequest.defaultLimit, order: TrackOrder = .catalog, nextLimit: Int? = nil
  ) {
    self.offset = max(0, offset)
    self.limit = Self.clamped(limit)
    self.order = order
    self.nextLimit = nextLimit.map(Self.clamped)
  }

  /// The page right after `cursor`, in the cursor's order; `offset` is how many tracks the caller has had so far.
  public init(
    after cursor: TrackCursor, offset: Int, limit: Int = TrackPageRequest.defaultLimit, nextLimit: Int? = nil
  ) {
    self.init(offset: offset, limit: limit, order: cursor.order, nextLimit: nextLimit)
    after = cursor
  }

  /// `limit` within 1 through ``maximumLimit``.
  private static func clamped(_ limit: Int) -> Int { min(max(1, limit), maximumLimit) }
}

/// One page of an artist's tracks, and where it stands in the whole list.
public struct TrackPage: Hashable, Sendable, Codable {
  /// The page's tracks, in the requested order.
  public var tracks: [Track]
  /// How many tracks come before this page.
  public var offset: Int
  /// How many tracks the artist has in all.
  public var total: Int
  /// Where the next page starts, for ``TrackPageRequest/init(after:offset:limit:)``; nil when this page is the last
  /// (or its catalog pages by offset only).
  public var nextCursor: TrackCursor?

  /// Creates a page.
  public init(tracks: [Track], offset: Int, total: Int, nextCursor: TrackCursor? = nil) {
    self.tracks = tracks
    self.offset = offset
    self.total = total
    self.nextCursor = nextCursor
  }

  /// Where the next page starts, or nil when this is the last page.
  ///
  /// A page with a ``nextCursor`` is not the last, whatever the ``total`` says: tracks added or removed since the
  /// first page change the count, not the cursor's place.
  public var nextOffset: Int? {
    Self.nextOffset(offset: offset, count: tracks.count, total: total, hasNextCursor: nextCursor != nil)
  }

  /// ``nextOffset`` of a page of `count` tracks after `offset`, of `total`, with or without a next cursor: for
  /// a page written without its tracks kept (a server's).
  public static func nextOffset(offset: Int, count: Int, total: Int, hasNextCursor: Bool) -> Int? {
    guard count > 0 else { return nil }
    return hasNextCursor || offset + count < total ? offset + count : nil
  }
}

extension TrackOrder {
  /// `tracks` (in catalog order) in this order; ties keep catalog order.
  ///
  /// Each track's key is ``key(of:)``, the one a default cursor holds, so the order and its cursors cannot disagree.
  public func sorted(_ tracks: [Track]) -> [Track] {
    guard self != .catalog else { return tracks }
    let keyed = tracks.enumerated().map { (key: key(of: $0.element), index: $0.offset) }
    return keyed.sorted { lhs, rhs in
      switch lhs.key.compare(with: rhs.key, descending: sortsDescending) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: lhs.index < rhs.index
      }
    }.map { tracks[$0.index] }
  }
}

extension MusicAPI {
  /// One page of the artist's tracks, cut from ``tracks(ofArtist:)``.
  ///
  /// Implementations that can fetch a page alone (a database, a server) override this; the answer must
  /// be the same.
  ///
  /// Its cursors hold a track's position in ``tracks(ofArtist:)`` and its key as ``TrackOrder/key(of:)`` makes it.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    TrackPage(cutting: page, from: try await tracks(ofArtist: artistID))
  }
}

extension TrackPage {
  /// The page `request` asks for, cut from every one of an artist's tracks in catalog order: what
  /// ``MusicAPI``'s default paging answers (and a mock's).
  ///
  /// Its cursors hold a track's index in `catalog` and its key as ``TrackOrder/key(of:)`` makes it.
  public init(cutting request: TrackPageRequest, from catalog: [Track]) {
    let order = request.order
    let positions = Dictionary(catalog.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
    let all = order.sorted(catalog)
    let start: Int
    if let cursor = request.after {
      start =
        all.firstIndex { cursor.precedes(key: order.key(of: $0), position: positions[$0.id] ?? 0) } ?? all.count
    } else {
      start = min(request.offset, all.count)
    }
    let end = min(start + request.limit, all.count)
    let next = end < all.count && end > start ? all[end - 1] : nil
    self.init(
      tracks: Array(all[start..<end]), offset: request.offset, total: all.count,
      nextCursor: next.map { TrackCursor(order: order, key: order.key(of: $0), position: positions[$0.id] ?? 0) })
  }
}
