import Domain
import Services

/// The body of `GET /v1/artists` and `GET /v1/artists/{artistID}/related`.
public struct ArtistList: Hashable, Sendable, Codable {
  /// The artists, in the answer's order.
  public var artists: [Artist]

  /// Creates the body.
  public init(artists: [Artist]) {
    self.artists = artists
  }
}

/// The body of `POST /v1/track-lookup`: the identifiers of the tracks to look up, in the order wanted.
public struct TrackLookup: Hashable, Sendable, Codable {
  /// The identifiers, 1 to ``CatalogAPI/Limits/tracksPerLookup`` of them.
  public var ids: [String]

  /// Creates the body.
  public init(ids: [String]) {
    self.ids = ids
  }
}

/// The answer to `POST /v1/track-lookup`: the tracks asked for that the catalog holds, in the order asked, each
/// once.
public struct TrackList: Hashable, Sendable, Codable {
  /// The tracks, in the order asked.
  public var tracks: [Track]

  /// Creates the body.
  public init(tracks: [Track]) {
    self.tracks = tracks
  }
}

/// The body of `GET /v1/artists/{artistID}/playlists`.
public struct PlaylistList: Hashable, Sendable, Codable {
  /// The playlists, ordered by name, each with all its tracks.
  public var playlists: [Playlist]

  /// Creates the body.
  public init(playlists: [Playlist]) {
    self.playlists = playlists
  }
}

/// The body of `GET /v1/artists/{artistID}/tracks`: a ``Services/TrackPage`` with its next offset spelled out and
/// its next cursor encoded.
public struct TrackPageBody: Hashable, Sendable, Codable {
  /// The page's tracks.
  public var tracks: [Track]
  /// How many tracks come before the page (after a cursor: the `offset` the request said it had had).
  public var offset: Int
  /// How many tracks the artist has in all.
  public var total: Int
  /// Where the next page starts by offset; nil on the last page.
  public var nextOffset: Int?
  /// Where the next page starts by cursor (``Services/TrackCursor/encoded``, sent back as `after`); nil on the
  /// last page, and when the cursor would be longer than ``Services/TrackCursor/maximumEncodedLength``.
  public var nextCursor: String?

  /// The body of a page.
  public init(_ page: TrackPage) {
    tracks = page.tracks
    offset = page.offset
    total = page.total
    nextOffset = page.nextOffset
    nextCursor = Self.sent(page.nextCursor)
  }

  /// A page's next cursor as a body sends it: encoded, and left out when it is longer than
  /// ``Services/TrackCursor/maximumEncodedLength`` (a very long title): the next page then goes by offset.
  public static func sent(_ cursor: TrackCursor?) -> String? {
    cursor?.encoded.nilIfLonger(than: TrackCursor.maximumEncodedLength)
  }

  /// The page the body describes; a next cursor that is not one (``Services/TrackCursor/init(encoded:)``) is
  /// left out, and the page continues by offset.
  public var page: TrackPage {
    TrackPage(tracks: tracks, offset: offset, total: total, nextCursor: nextCursor.flatMap(TrackCursor.init(encoded:)))
  }
}

/// The body of `GET /v1/me/favourites`: the signed-in user's favourites and their version.
public struct FavouritesBody: Hashable, Sendable, Codable {
  /// The favourite tracks, ordered by ID.
  public var trackIDs: [Track.ID]
  /// Grows by one with each change to this user's favourites.
  public var version: Int

  /// Creates the body.
  public init(trackIDs: [Track.ID], version: Int) {
    self.trackIDs = trackIDs
    self.version = version
  }
}

/// One change of a user's favourites: the answer to `PUT`/`DELETE /v1/me/favourites/{trackID}`, and the data
/// of each `favourite` event of the feed.
public struct FavouriteChangeBody: Hashable, Sendable, Codable {
  /// The track.
  public var trackID: Track.ID
  /// Whether it is a favourite now.
  public var isFavourited: Bool
  /// The favourites' version after the change (unchanged when the request changed nothing).
  public var version: Int

  /// Creates the body.
  public init(trackID: Track.ID, isFavourited: Bool, version: Int) {
    self.trackID = trackID
    self.isFavourited = isFavourited
    self.version = version
  }
}

/// The data of the feed's first event, `ready`: the favourites' version when the feed started.
public struct FeedReadyBody: Hashable, Sendable, Codable {
  /// The favourites' version when the feed started.
  public var version: Int

  /// Creates the body.
  public init(version: Int) {
    self.version = version
  }
}

/// An RFC 9457 problem document (`application/problem+json`): every error the server answers.
public struct Problem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// `about:blank`: the status code says what kind of problem it is.
  public var type: String
  /// The status code's reason phrase ("Not Found").
  public var title: String
  /// The HTTP status code.
  public var status: Int
  /// One line for people: what went wrong with this request.
  public var detail: String
  /// The request's path.
  public var instance: String?
  /// The parameter at fault, for a 400.
  public var parameter: String?
  /// The request's ID, as the server logged it.
  public var requestID: String?

  /// Creates a problem document.
  public init(
    status: Int, title: String, detail: String, type: String = "about:blank", instance: String? = nil,
    parameter: String? = nil, requestID: String? = nil
  ) {
    self.type = type
    self.title = title
    self.status = status
    self.detail = detail
    self.instance = instance
    self.parameter = parameter
    self.requestID = requestID
  }

  /// The one-line ``detail``.
  public var description: String { detail }
}

extension String {
  fileprivate func nilIfLonger(than limit: Int) -> String? {
    utf8.count <= limit ? self : nil
  }
}
