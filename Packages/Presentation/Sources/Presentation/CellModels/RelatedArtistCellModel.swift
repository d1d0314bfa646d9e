import Domain
import Foundation

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
