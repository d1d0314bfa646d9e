import Foundation

/// What a basic cell shows: a title, a line of detail and an optional picture.
///
/// Generic on purpose: a cell that shows one `BasicCellItem` shows any of them — a related artist, a track
/// in a search result, anything a presentation struct describes this way.
public protocol BasicCellItem {
  /// The main line.
  var title: String { get }
  /// The secondary line.
  var detail: String { get }
  /// A picture, if there is one.
  var imageURL: URL? { get }
}

/// What a poster cell shows: artwork with a title and a subtitle under it.
///
/// Generic on purpose: a cell that shows one `PosterPresentable` shows any of them — a playlist, an
/// album-like grouping of tracks.
public protocol PosterPresentable {
  /// The main line.
  var title: String { get }
  /// The line under the title.
  var subtitle: String { get }
  /// The artwork.
  var poster: URL { get }
}
