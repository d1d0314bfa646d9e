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
public struct TrackPageRequest: Hashable, Sendable {
  /// The most tracks one page holds; a longer ``limit`` is cut to this.
  public static let maximumLimit = 1000
  /// The length of a page when none is asked for.
  public static let defaultLimit = 50

  /// How many tracks (in ``order``) come before the page; never negative.
  public var offset: Int
  /// The most tracks the page holds: 1 through ``maximumLimit``.
  public var limit: Int
  /// The order the tracks are listed in.
  public var order: TrackOrder

  /// Creates a request, clamping a negative offset to 0 and the limit to 1 through ``maximumLimit``.
  public init(offset: Int = 0, limit: Int = TrackPageRequest.defaultLimit, order: TrackOrder = .catalog) {
    self.offset = max(0, offset)
    self.limit = min(max(1, limit), Self.maximumLimit)
    self.order = order
  }
}

/// One page of an artist's tracks, and where it stands in the whole list.
public struct TrackPage: Hashable, Sendable, Codable {
  /// The page's tracks, in the requested order.
  public var tracks: [Track]
  /// How many tracks come before this page.
  public var offset: Int
  /// How many tracks the artist has in all.
  public var total: Int

  /// Creates a page.
  public init(tracks: [Track], offset: Int, total: Int) {
    self.tracks = tracks
    self.offset = offset
    self.total = total
  }

  /// Where the next page starts, or nil when this is the last page.
  public var nextOffset: Int? {
    offset + tracks.count < total && !tracks.isEmpty ? offset + tracks.count : nil
  }
}

extension TrackOrder {
  /// `tracks` (in catalog order) in this order; ties keep catalog order.
  public func sorted(_ tracks: [Track]) -> [Track] {
    func by<Key: Comparable>(_ key: (Track) -> Key, descending: Bool) -> [Track] {
      let keyed = tracks.enumerated().map { (key: key($0.element), index: $0.offset) }
      return keyed.sorted { lhs, rhs in
        if lhs.key != rhs.key { return descending ? lhs.key > rhs.key : lhs.key < rhs.key }
        return lhs.index < rhs.index
      }.map { tracks[$0.index] }
    }
    switch self {
    case .catalog: return tracks
    case .title: return by({ SearchFolding.fold($0.title) }, descending: false)
    case .titleDescending: return by({ SearchFolding.fold($0.title) }, descending: true)
    case .popular: return by(\.popularity, descending: true)
    case .newest: return by(\.releaseDate, descending: true)
    case .longest: return by(\.duration, descending: true)
    case .shortest: return by(\.duration, descending: false)
    }
  }
}

extension MusicAPI {
  /// One page of the artist's tracks, cut from ``tracks(ofArtist:)``.
  ///
  /// Implementations that can fetch a page alone (a database, a server) override this; the answer must
  /// be the same.
  public func tracks(ofArtist artistID: Artist.ID, page: TrackPageRequest) async throws(MusicAPIError) -> TrackPage {
    let all = page.order.sorted(try await tracks(ofArtist: artistID))
    let start = min(page.offset, all.count)
    let end = min(start + page.limit, all.count)
    return TrackPage(tracks: Array(all[start..<end]), offset: page.offset, total: all.count)
  }
}
