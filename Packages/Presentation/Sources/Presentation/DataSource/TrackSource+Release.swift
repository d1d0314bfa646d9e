import Domain
import Services

extension TrackSource {
  /// A release's page: its tracks in release order, worked out from the artist's tracks on every reload (a
  /// release that has no tracks any more fails the reload, naming it), and no playlists or related artists.
  ///
  /// `formatting` must be the one the release was grouped in (``Release/releases(of:tracks:artworkURL:formatting:)``):
  /// its calendar says which year a track came out in.
  public static func release(
    _ releaseID: Release.ID, musicAPI: any MusicAPI, formatting: PresentationFormatting
  ) -> TrackSource {
    list {
      let tracks = try await musicAPI.tracks(ofArtist: releaseID.artistID)
      let releases = Release.releases(of: releaseID.artistID, tracks: tracks, formatting: formatting)
      guard let release = releases.first(where: { $0.id == releaseID }) else {
        throw PageLoadError.source(reason: "No release of \(releaseID.year) by \(releaseID.artistID.rawValue).")
      }
      return release.tracks
    }
  }
}
