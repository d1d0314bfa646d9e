import Domain
import Services

/// The music API as a playlist's page sees it: the page's "artist" is the playlist, its tracks are the
/// playlist's tracks in playing order, and it has no related artists.
///
/// It lets a playlist's page reuse ``Presentation/ArtistTableDataSource`` unchanged (sorting, the explicit
/// filter, favourites first, live download and favourite states). Each reload asks the playlist API again, so
/// a playlist changed elsewhere shows its new tracks.
struct PlaylistPageAPI: MusicAPI {
  let base: any MusicAPI
  let playlistAPI: any PlaylistAPI
  let playlist: Playlist

  /// The page's artist identifier for the data source.
  var pageID: Artist.ID { Artist.ID(playlist.id.rawValue) }

  func tracks(ofArtist artistID: Artist.ID) async throws(MusicAPIError) -> [Track] {
    guard artistID == pageID else { return try await base.tracks(ofArtist: artistID) }
    do {
      return try await playlistAPI.playlist(withID: playlist.id).tracks
    } catch {
      switch error {
      case .cancelled: throw .cancelled
      case .unavailable(let reason): throw .unavailable(reason: reason)
      case .playlistNotFound: throw .unavailable(reason: "the playlist '\(playlist.name)' is no longer in the catalog")
      }
    }
  }

  func artist(withID artistID: Artist.ID) async throws(MusicAPIError) -> Artist {
    try await base.artist(withID: artistID)
  }

  func artists(matching query: String) async throws(MusicAPIError) -> [Artist] {
    try await base.artists(matching: query)
  }

  func allArtists() async throws(MusicAPIError) -> [Artist] {
    try await base.allArtists()
  }

  func relatedArtists(of artistID: Artist.ID) async throws(MusicAPIError) -> [Artist] {
    artistID == pageID ? [] : try await base.relatedArtists(of: artistID)
  }
}
