import Domain
import Services

/// Where a page of tracks gets its rows: its tracks, asked for page by page in their own order, and the
/// playlists and related artists it shows beside them.
///
/// The page (``ArtistTableDataSource``) does everything else the same whatever the source: sorting, the explicit
/// filter, favourites first, live download and favourite states, stale reloads discarded, sections. The
/// sources Humble ships are an artist's page (``artist(_:musicAPI:playlistAPI:)``), a playlist's page by its
/// identifier (``playlist(_:playlistAPI:)``) and any list of tracks (``list(changes:_:)``), such as the
/// favourites; a page kind of its own is one more static function, which says where the tracks come from and,
/// if not every track listed belongs on the page, which do (``belongs``).
public struct TrackSource: Sendable {
  /// The page of tracks a request asks for, in the source's own order.
  public var tracks: @Sendable (TrackPageRequest) async throws -> TrackPage
  /// The playlists the page lists after its tracks.
  public var playlists: @Sendable () async throws -> [Playlist]
  /// The artists the page lists last.
  public var relatedArtists: @Sendable () async throws -> [Artist]
  /// Says when the list of tracks itself may have changed, so that the page reloads; nil for a list that changes
  /// only when reloaded.
  ///
  /// The stream yields, for example, when a track is added to or removed from the favourites. Changes to a
  /// track's state (downloads, favourites) need none: the managers announce them.
  public var listChanges: (@Sendable () -> AsyncStream<Void>)?
  /// Which of the listed tracks belong on the page, from the track and whether it is favourited: the page kind's
  /// one rule of membership; nil, as on an artist's page, when every track listed belongs.
  ///
  /// The page applies it each time it builds its rows, so a track whose state changes while the page is open
  /// leaves or comes back at once, in the snapshot that shows the change, rather than when the list is next
  /// fetched. The user's explicit filter applies on every page besides. Whether a track is favourited comes
  /// from the page's ``ArtistTableDataSource`` favourites manager (with none, no track is).
  ///
  /// Nil is not the same as a rule that says yes to every track: the page then asks nothing per track, which on
  /// a 100,000-track page is most of what building its rows costs besides the sort.
  public var belongs: (@Sendable (_ track: Track, _ isFavourited: Bool) -> Bool)?

  /// A source from its parts.
  public init(
    tracks: @escaping @Sendable (TrackPageRequest) async throws -> TrackPage,
    playlists: @escaping @Sendable () async throws -> [Playlist] = { [] },
    relatedArtists: @escaping @Sendable () async throws -> [Artist] = { [] },
    listChanges: (@Sendable () -> AsyncStream<Void>)? = nil,
    belongs: (@Sendable (_ track: Track, _ isFavourited: Bool) -> Bool)? = nil
  ) {
    self.tracks = tracks
    self.playlists = playlists
    self.relatedArtists = relatedArtists
    self.listChanges = listChanges
    self.belongs = belongs
  }

  /// An artist's page: the artist's tracks in pages, the playlists featuring the artist (when there is a
  /// playlist API), and the related artists.
  public static func artist(
    _ artistID: Artist.ID, musicAPI: any MusicAPI, playlistAPI: (any PlaylistAPI)?
  ) -> TrackSource {
    TrackSource(
      tracks: { request in try await musicAPI.tracks(ofArtist: artistID, page: request) },
      playlists: { try await playlistAPI?.playlists(featuring: artistID) ?? [] },
      relatedArtists: { try await musicAPI.relatedArtists(of: artistID) })
  }

  /// A playlist's page: its tracks in playing order, looked up by the playlist's identifier on every reload (a
  /// playlist changed elsewhere shows its new tracks; one deleted fails the reload with
  /// ``PlaylistAPIError/playlistNotFound(_:)``), and no playlists or related artists.
  public static func playlist(_ playlistID: Playlist.ID, playlistAPI: any PlaylistAPI) -> TrackSource {
    list { try await playlistAPI.playlist(withID: playlistID).tracks }
  }

  /// Any list of tracks, fetched whole on each reload and shown in the list's order, with no playlists or related
  /// artists; `changes`, when given, says when the list may have changed, and the page fetches it again without
  /// showing a loading state: it publishes a revision only for what the answer changes.
  public static func list(
    changes: (@Sendable () -> AsyncStream<Void>)? = nil,
    _ tracks: @escaping @Sendable () async throws -> [Track]
  ) -> TrackSource {
    TrackSource(
      tracks: { request in
        // The whole list is one page, whatever the request's size: there is nothing to gain by asking again.
        let all = try await tracks()
        return TrackPage(tracks: Array(all.dropFirst(request.offset)), offset: request.offset, total: all.count)
      },
      listChanges: changes)
  }
}
