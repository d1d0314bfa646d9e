import Domain
import Foundation

/// Everything a playlist row shows: a poster with the playlist's name and a summary.
public struct PlaylistCellModel: PosterPresentable, Identifiable, Hashable, Sendable {
  /// The playlist's identifier, as text.
  public var id: String
  /// The playlist's name.
  public var title: String
  /// A summary: "24 tracks · 1 hr 32 min".
  public var subtitle: String
  /// The artwork.
  public var poster: URL

  /// Creates a cell model from its parts.
  public init(id: String, title: String, subtitle: String, poster: URL) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.poster = poster
  }

  /// The cell model of anything poster-shaped.
  public init(id: String, _ presentable: some PosterPresentable) {
    self.init(id: id, title: presentable.title, subtitle: presentable.subtitle, poster: presentable.poster)
  }
}
