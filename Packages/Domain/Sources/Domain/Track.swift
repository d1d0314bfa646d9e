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
  /// Where the recording can be fetched from (`file://` or `http(s)://`).
  public var streamURL: URL
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
    self.streamURL = streamURL
    self.popularity = popularity
    self.releaseDate = releaseDate
    self.containsExplicitLyrics = containsExplicitLyrics
    self.artistID = artistID
  }
}
