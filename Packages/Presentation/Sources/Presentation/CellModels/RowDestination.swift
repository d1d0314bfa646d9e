import Domain

/// What selecting a row leads to, decided by the row's cell model: a screen carries it out.
public enum RowDestination: Hashable, Sendable {
  /// Play the track; its row (and only its row) then shows ``TrackCellModel/isPlaying``.
  case playTrack(Track.ID)
  /// Open the artist's page.
  case openArtist(Artist.ID)
  /// Open the playlist's page; `title` names it until the page has loaded (in an error, say).
  case openPlaylist(Playlist.ID, title: String)
}

extension ArtistCellModelType {
  /// Where selecting this row leads: a track plays, a related artist or a playlist opens.
  public var destination: RowDestination {
    switch self {
    case .track(let model): .playTrack(model.id)
    case .relatedArtist(let model): .openArtist(Artist.ID(model.id))
    case .playlist(let model): .openPlaylist(Playlist.ID(model.id), title: model.title)
    }
  }
}
