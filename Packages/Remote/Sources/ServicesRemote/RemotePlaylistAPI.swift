import CatalogAPI
import Domain
import Services

/// The ``PlaylistAPI`` of a `humble-server`, over HTTP.
public struct RemotePlaylistAPI: PlaylistAPI {
  let client: CatalogClient

  /// The playlists featuring the artist, ordered by name; none for an artist the server does not know.
  public func playlists(featuring artistID: Artist.ID) async throws(PlaylistAPIError) -> [Playlist] {
    guard CatalogAPI.Identifier.canName(artistID.rawValue) else { return [] }
    let path = CatalogAPI.Path.playlists(featuringArtist: artistID.rawValue)
    do {
      let playlists = try await client.get(path, decode: PlaylistList.init(json:)).playlists
      for playlist in playlists { _ = try CatalogClient.requireRemoteStreams(playlist.tracks, in: path) }
      return playlists
    } catch .status(404, _) {
      // The embedded catalog answers an unknown artist with no playlists, not an error.
      return []
    } catch {
      throw error.playlistAPIError()
    }
  }

  /// The playlist with this identifier, with all its tracks.
  public func playlist(withID playlistID: Playlist.ID) async throws(PlaylistAPIError) -> Playlist {
    guard CatalogAPI.Identifier.canName(playlistID.rawValue) else { throw .playlistNotFound(playlistID) }
    let path = CatalogAPI.Path.playlist(playlistID.rawValue)
    do {
      let playlist = try await client.get(Playlist.self, path)
      _ = try CatalogClient.requireRemoteStreams(playlist.tracks, in: path)
      return playlist
    } catch {
      throw error.playlistAPIError(notFound: .playlistNotFound(playlistID))
    }
  }
}
