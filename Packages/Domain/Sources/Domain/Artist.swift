import Foundation

/// A performer whose page lists their tracks, the playlists that feature them and related artists.
public struct Artist: Identifiable, Hashable, Sendable, Codable {
  /// The identifier of an artist.
  public typealias ID = Identifier<Artist>

  /// The artist's stable identifier.
  public var id: ID
  /// The name the artist performs under.
  public var name: String
  /// A picture of the artist, when the catalog has one.
  public var imageURL: URL?
  /// How many people listened to the artist in the last month.
  public var listeners: Int

  /// Creates an artist from all of its properties.
  public init(id: ID, name: String, imageURL: URL?, listeners: Int) {
    self.id = id
    self.name = name
    self.imageURL = imageURL
    self.listeners = listeners
  }
}
