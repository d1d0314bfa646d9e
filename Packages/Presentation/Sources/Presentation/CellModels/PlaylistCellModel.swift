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

/// Everything a related-artist row shows: the name, a line of detail and a picture.
public struct RelatedArtistCellModel: BasicCellItem, Identifiable, Hashable, Sendable {
  /// The artist's identifier, as text.
  public var id: String
  /// The artist's name.
  public var title: String
  /// A line of detail: "1.2M listeners".
  public var detail: String
  /// The artist's picture, if any.
  public var imageURL: URL?

  /// Creates a cell model from its parts.
  public init(id: String, title: String, detail: String, imageURL: URL?) {
    self.id = id
    self.title = title
    self.detail = detail
    self.imageURL = imageURL
  }

  /// The cell model of anything a basic cell shows.
  public init(id: String, _ item: some BasicCellItem) {
    self.init(id: id, title: item.title, detail: item.detail, imageURL: item.imageURL)
  }
}

/// One row of an artist page.
public enum ArtistCellModelType: Identifiable, Hashable, Sendable {
  /// A track of the artist.
  case track(TrackCellModel)
  /// A playlist that features the artist.
  case playlist(PlaylistCellModel)
  /// An artist related to this one.
  case relatedArtist(RelatedArtistCellModel)

  /// An identifier unique across the page: the kind of row and the model's identifier.
  public var id: String {
    switch self {
    case .track(let model): "track:\(model.id.rawValue)"
    case .playlist(let model): "playlist:\(model.id)"
    case .relatedArtist(let model): "artist:\(model.id)"
    }
  }
}
