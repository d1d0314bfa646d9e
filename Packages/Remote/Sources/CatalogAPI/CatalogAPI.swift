import Foundation
import HumbleSupport

/// The HTTP API of `humble-server`: its OpenAPI document and the paths of its endpoints.
///
/// The document (`openapi.json`, in this module's resources) is the contract; the server and the remote
/// services are written against it, and tests fail when either disagrees with it.
public enum CatalogAPI {
  /// The OpenAPI 3.1 document, as committed.
  public static var openAPIDocument: Data {
    get throws {
      guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
        throw CocoaError(.fileNoSuchFile)
      }
      return try Data(contentsOf: url)
    }
  }

  /// The version prefix of every endpoint but the document's.
  public static let versionPrefix = "/v1"

  /// The paths of the endpoints, with identifiers percent-encoded as one path segment each.
  public enum Path {
    /// The path `/v1/artists`.
    public static let artists = "/v1/artists"
    /// The path `/v1/artists/{artistID}`.
    public static func artist(_ id: String) -> String { Route.artist.filled(with: id) }
    /// The path `/v1/artists/{artistID}/tracks`.
    public static func tracks(ofArtist id: String) -> String { Route.tracksOfArtist.filled(with: id) }
    /// The path `/v1/artists/{artistID}/related`.
    public static func related(toArtist id: String) -> String { Route.relatedToArtist.filled(with: id) }
    /// The path `/v1/artists/{artistID}/playlists`.
    public static func playlists(featuringArtist id: String) -> String {
      Route.playlistsFeaturingArtist.filled(with: id)
    }
    /// The path `/v1/playlists/{playlistID}`.
    public static func playlist(_ id: String) -> String { Route.playlist.filled(with: id) }
    /// The path `/v1/tracks/{trackID}`.
    public static func track(_ id: String) -> String { Route.track.filled(with: id) }
    /// The path `/v1/track-lookup`, to which a ``TrackLookup`` is posted.
    public static let trackLookup = "/v1/track-lookup"
    /// The path `/v1/tracks/{trackID}/stream`.
    public static func stream(ofTrack id: String) -> String { Route.streamOfTrack.filled(with: id) }
    /// The path `/v1/artwork/{artworkID}`, for an artwork identifier (``ArtworkOwner/artworkID``).
    public static func artwork(_ id: String) -> String { Route.artwork.filled(with: id) }
    /// The path `/v1/me/favourites`.
    public static let favourites = "/v1/me/favourites"
    /// The path `/v1/me/favourites/{trackID}`.
    public static func favourite(_ id: String) -> String { Route.favourite.filled(with: id) }
    /// The path `/v1/me/favourites/events`.
    public static let favouriteEvents = "/v1/me/favourites/events"
    /// The path `/openapi.json`.
    public static let openAPIDocument = "/openapi.json"

    /// An identifier as one path segment: everything but unreserved characters percent-encoded, so `/`, `?`,
    /// `%` and `..` stay inside the segment.
    public static func segment(_ id: String) -> String {
      // Most identifiers need no escape: checked byte by byte, which costs far less than Foundation's encoding.
      let isUnreserved = id.utf8.allSatisfy(Self.isUnreserved)
      return isUnreserved ? id : id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? id
    }

    /// Whether a byte of UTF-8 is one of RFC 3986's unreserved characters, which a segment holds as they are.
    static func isUnreserved(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        true
      default: false
      }
    }

    private static let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
  }

  /// The templates of the endpoints that take an identifier, as the OpenAPI document and the server's router
  /// write them: one `{name}` parameter each.
  public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// The template, such as `/v1/artists/{artistID}`.
    public let template: String
    /// The name of its one parameter, such as `artistID`.
    public let parameter: String

    /// The template with its parameter.
    public var description: String { template }

    /// The template before and after its parameter.
    let before: String
    let after: String

    private init(_ template: String, parameter: String) {
      self.template = template
      self.parameter = parameter
      let parts = template.components(separatedBy: "{\(parameter)}")
      precondition(parts.count == 2, "a route's template names its parameter once")
      (before, after) = (parts[0], parts[1])
    }

    /// The path for `id`: the template with the identifier as one percent-encoded segment.
    public func filled(with id: String) -> String {
      before + Path.segment(id) + after
    }

    /// `/v1/artists/{artistID}`.
    public static let artist = Route("/v1/artists/{artistID}", parameter: "artistID")
    /// `/v1/artists/{artistID}/tracks`.
    public static let tracksOfArtist = Route("/v1/artists/{artistID}/tracks", parameter: "artistID")
    /// `/v1/artists/{artistID}/related`.
    public static let relatedToArtist = Route("/v1/artists/{artistID}/related", parameter: "artistID")
    /// `/v1/artists/{artistID}/playlists`.
    public static let playlistsFeaturingArtist = Route("/v1/artists/{artistID}/playlists", parameter: "artistID")
    /// `/v1/playlists/{playlistID}`.
    public static let playlist = Route("/v1/playlists/{playlistID}", parameter: "playlistID")
    /// `/v1/tracks/{trackID}`.
    public static let track = Route("/v1/tracks/{trackID}", parameter: "trackID")
    /// `/v1/tracks/{trackID}/stream`.
    public static let streamOfTrack = Route("/v1/tracks/{trackID}/stream", parameter: "trackID")
    /// `/v1/artwork/{artworkID}`: an artist's or a playlist's cover (``ArtworkOwner``).
    public static let artwork = Route("/v1/artwork/{artworkID}", parameter: "artworkID")
    /// `/v1/me/favourites/{trackID}`.
    public static let favourite = Route("/v1/me/favourites/{trackID}", parameter: "trackID")
  }

  /// The names of the favourites feed's server-sent events.
  public enum FeedEvent {
    /// `ready`: the feed is open, with the version the client catches up from.
    public static let ready = "ready"
    /// `favourite`: one favourite changed.
    public static let favourite = "favourite"
  }

  /// The identifier rule: what a catalog identifier can be at all.
  public enum Identifier {
    /// Whether `id` can name anything at all.
    ///
    /// It must be 1 to ``Limits/identifierBytes`` bytes of UTF-8 with no NUL. One that cannot names nothing:
    /// the server's lookup leaves it out, and the client need not ask.
    public static func canName(_ id: String) -> Bool {
      !id.isEmpty && id.utf8.count <= Limits.identifierBytes && !id.containsNUL
    }
  }

  /// Limits the server enforces on what it is sent.
  public enum Limits {
    /// The longest identifier in a path, in bytes of UTF-8.
    public static let identifierBytes = 256
    /// The longest artwork identifier in a path, in bytes of UTF-8: the longest prefix (`playlist-`) before the
    /// longest identifier (``ArtworkOwner``).
    public static let artworkIdentifierBytes = identifierBytes + ArtworkOwner.longestPrefixBytes
    /// The longest artist search query, in characters as JSON Schema's `maxLength` counts them: Unicode
    /// scalars (code points), so a letter with combining marks counts each mark.
    public static let queryCharacters = 200
    /// The longest request target (path and query), in bytes.
    public static let requestTargetBytes = 4096
    /// The longest `Range` or `If-Range` header of a stream request, in bytes.
    public static let rangeHeaderBytes = 200
    /// The most identifiers one ``TrackLookup`` may hold.
    public static let tracksPerLookup = 100
    /// The largest body of a ``TrackLookup``, in bytes: room for as many identifiers as it may hold, each as
    /// long as it may be (256 characters), every character in JSON's longest escape (a surrogate pair,
    /// `\uD83D\uDE00`: 12 bytes).
    public static let trackLookupBodyBytes = 320 * 1024
    /// The largest request body of every other endpoint, in bytes (none of them takes one).
    public static let bodyBytes = 16 * 1024
  }
}
