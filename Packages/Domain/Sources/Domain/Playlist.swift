import Foundation

/// A named, ordered selection of tracks, possibly by several artists.
public struct Playlist: Identifiable, Hashable, Sendable, Codable {
  /// The identifier of a playlist.
  public typealias ID = Identifier<Playlist>

  /// The playlist's stable identifier.
  public var id: ID
  /// The playlist's name.
  public var name: String
  /// The tracks in playing order.
  public var tracks: [Track]
  /// The playlist's cover picture.
  public var artworkURL: URL

  /// Creates a playlist from all of its properties.
  public init(id: ID, name: String, tracks: [Track], artworkURL: URL) {
    self.id = id
    self.name = name
    self.tracks = tracks
    self.artworkURL = artworkURL
  }

  /// The identifiers of the tracks, in playing order.
  public var trackIDs: [Track.ID] { tracks.map(\.id) }

  /// The time it takes to play every track once, in seconds.
  public var totalDuration: TimeInterval { tracks.reduce(0) { $0 + $1.duration } }
}
