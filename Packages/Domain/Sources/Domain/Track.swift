import Foundation

/// A recording by one artist that can be streamed, downloaded and favourited.
public struct Track: Identifiable, Hashable, Sendable, Codable {
  /// The identifier of a track.
  public typealias ID = Identifier<Track>

  /// The track's stable identifier.
  public var id: ID
  /// The title as the artist published it.
  public var title: String
  /// Length of the recording in seconds.
  public var duration: TimeInterval
  /// The text of ``streamURL``, as stored; reading it is free.
  ///
  /// A track keeps its stream URL as text and parses it only when ``streamURL`` is read: building a `URL`
  /// costs more than everything else a catalog query does for a track, and most screens never need it.
  public var streamURLString: String
  /// How often the track is played relative to others; higher is more popular.
  public var popularity: Int
  /// When the track was first released.
  public var releaseDate: Date
  /// Whether the lyrics are explicit, which hides the track from young listeners.
  public var containsExplicitLyrics: Bool
  /// The artist who recorded the track.
  public var artistID: Artist.ID

  /// Creates a track from all of its properties.
  public init(
    id: ID,
    title: String,
    duration: TimeInterval,
    streamURL: URL,
    popularity: Int,
    releaseDate: Date,
    containsExplicitLyrics: Bool,
    artistID: Artist.ID
  ) {
    self.id = id
    self.title = title
    self.duration = duration
    self.streamURLString = streamURL.absoluteString
    self.popularity = popularity
    self.releaseDate = releaseDate
    self.containsExplicitLyrics = containsExplicitLyrics
    self.artistID = artistID
  }

  /// Creates a track whose stream URL is given as text, without parsing it (see ``streamURLString``).
  public init(
    id: ID,
    title: String,
    duration: TimeInterval,
    streamURLString: String,
    popularity: Int,
    releaseDate: Date,
    containsExplicitLyrics: Bool,
    artistID: Artist.ID
  ) {
    self.id = id
    self.title = title
    self.duration = duration
    self.streamURLString = streamURLString
    self.popularity = popularity
    self.releaseDate = releaseDate
    self.containsExplicitLyrics = containsExplicitLyrics
    self.artistID = artistID
  }

  /// Where the recording can be fetched from (`file://` or `http(s)://`).
  ///
  /// Text that is not a valid URL (only a damaged catalog holds such text) still reads as a URL: one
  /// without a scheme, or a file URL of that path, which downloads refuse with a reason that names it.
  public var streamURL: URL {
    get { URL(string: streamURLString) ?? URL(fileURLWithPath: streamURLString) }
    set { streamURLString = newValue.absoluteString }
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, duration
    case streamURLString = "streamURL"
    case popularity, releaseDate, containsExplicitLyrics, artistID
  }
}
