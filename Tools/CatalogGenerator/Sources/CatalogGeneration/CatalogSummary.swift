import Domain
import Services

/// What a catalog holds, as lines for people: each artist with their track count, then the playlist count.
public enum CatalogSummary {
  /// The lines, artists in the catalog's name order: `Neon Harbour (neon-harbour): 16 tracks`, then
  /// `Playlists: 6`.
  ///
  /// Playlists are counted through the artists that they feature, as the playlist API offers no listing.
  public static func lines(musicAPI: some MusicAPI, playlistAPI: some PlaylistAPI) async throws -> [String] {
    var lines: [String] = []
    var playlistIDs = Set<Playlist.ID>()
    let artists = try await musicAPI.allArtists()
    lines.append("Artists: \(artists.count)")
    for artist in artists {
      let trackCount = try await musicAPI.tracks(ofArtist: artist.id).count
      lines.append("  \(artist.name) (\(artist.id)): \(trackCount) \(trackCount == 1 ? "track" : "tracks")")
      playlistIDs.formUnion(try await playlistAPI.playlists(featuring: artist.id).map(\.id))
    }
    lines.append("Playlists: \(playlistIDs.count)")
    return lines
  }
}
