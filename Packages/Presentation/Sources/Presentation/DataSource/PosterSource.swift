import Domain
import Services

/// Where a grid of posters gets its items: one fetch that answers every poster, in the grid's order.
///
/// The grid (``PosterGridDataSource``) does the rest the same whatever the source: loading and failure states,
/// reloads, stale answers discarded. Humble's grids are the playlists featuring an artist
/// (``playlists(featuring:playlistAPI:)``) and an artist's releases (``releases(of:musicAPI:)``).
public struct PosterSource: Sendable {
  /// Every poster of the grid, in order, formatted with the grid's formatting.
  public var posters: @Sendable (PresentationFormatting) async throws -> [PosterCellModel]

  /// A source from the fetch of its posters.
  public init(posters: @escaping @Sendable (PresentationFormatting) async throws -> [PosterCellModel]) {
    self.posters = posters
  }

  /// The playlists featuring an artist, in the order the playlist API lists them; each opens the playlist.
  public static func playlists(featuring artistID: Artist.ID, playlistAPI: any PlaylistAPI) -> PosterSource {
    PosterSource { _ in
      try await playlistAPI.playlists(featuring: artistID).map(PosterCellModel.init(playlist:))
    }
  }

  /// An artist's releases, newest first, each with the artist's picture as its artwork
  /// (``Release/releases(of:tracks:artworkURL:formatting:)``); each opens the release.
  public static func releases(of artist: Artist, musicAPI: any MusicAPI) -> PosterSource {
    PosterSource { formatting in
      let tracks = try await musicAPI.tracks(ofArtist: artist.id)
      return Release.releases(of: artist.id, tracks: tracks, artworkURL: artist.imageURL, formatting: formatting)
        .map { PosterCellModel(release: $0, formatting: formatting) }
    }
  }
}
