import Domain
import Foundation

/// Everything a poster cell shows and does: its title, its subtitle, the artwork to ask for, and where selecting
/// it leads.
///
/// Complete, as every cell model is: the cell formats nothing. It asks an `ArtworkLoader` for ``artworkURL``
/// when it is configured and shows a placeholder until the artwork arrives, or for good when there is no URL.
public struct PosterCellModel: Identifiable, Hashable, Sendable {
  /// What a poster shows: a grid's item identifier.
  public enum ID: Hashable, Sendable, CustomStringConvertible {
    /// A playlist's poster.
    case playlist(Playlist.ID)
    /// A release's poster.
    case release(Release.ID)

    /// "playlist britpop", "release neon-harbour/2012".
    public var description: String {
      switch self {
      case .playlist(let id): "playlist \(id.rawValue)"
      case .release(let id): "release \(id)"
      }
    }
  }

  /// What the poster shows.
  public var id: ID
  /// The main line.
  public var title: String
  /// The line under the title: "24 tracks · 1 hr 32 min", "4 tracks · 16 min · 2012".
  public var subtitle: String
  /// The artwork; nil when there is none, and the cell keeps its placeholder.
  public var artworkURL: URL?
  /// Where selecting the poster leads.
  public var destination: PosterDestination

  /// A cell model from its parts.
  public init(id: ID, title: String, subtitle: String, artworkURL: URL?, destination: PosterDestination) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.artworkURL = artworkURL
    self.destination = destination
  }

  /// The cell model of anything poster-shaped, with its identity and where it leads.
  public init(id: ID, _ presentable: some PosterPresentable, destination: PosterDestination) {
    self.init(
      id: id, title: presentable.title, subtitle: presentable.subtitle, artworkURL: presentable.poster,
      destination: destination)
  }

  /// A playlist's poster: its name, "24 tracks · 1 hr 32 min" and its artwork; it opens the playlist.
  public init(playlist: Playlist) {
    self.init(
      id: .playlist(playlist.id), PlaylistPresentation(playlist: playlist),
      destination: .openPlaylist(playlist.id, title: playlist.name))
  }

  /// A release's poster: its name, "4 tracks · 16 min · 2012" (as ``AlbumPresentation`` says it) and its
  /// artwork, if any; it opens the release.
  public init(release: Release, formatting: PresentationFormatting) {
    self.init(
      id: .release(release.id), title: release.name,
      subtitle: AlbumPresentation.subtitle(of: release.tracks, formatting: formatting),
      artworkURL: release.artworkURL, destination: .openRelease(release.id, title: release.name))
  }
}
