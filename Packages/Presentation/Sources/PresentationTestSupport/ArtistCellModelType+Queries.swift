import Domain
import Presentation

extension ArtistCellModelType {
  /// Whether the row is the track with this identifier.
  public func isTrack(withId id: Track.ID) -> Bool {
    track?.id == id
  }

  /// Whether the row is a playlist with this name.
  public func isPlaylist(withName name: String) -> Bool {
    playlist?.title == name
  }

  /// Whether the row is a related artist with this name.
  public func isRelatedArtist(withName name: String) -> Bool {
    relatedArtist?.title == name
  }

  /// The track cell model, if the row is a track.
  public var track: TrackCellModel? {
    if case .track(let model) = self { return model }
    return nil
  }

  /// The playlist cell model, if the row is a playlist.
  public var playlist: PlaylistCellModel? {
    if case .playlist(let model) = self { return model }
    return nil
  }

  /// The related artist cell model, if the row is a related artist.
  public var relatedArtist: RelatedArtistCellModel? {
    if case .relatedArtist(let model) = self { return model }
    return nil
  }
}

extension Array where Element == ArtistCellModelType {
  /// The titles of the track rows, in order: the quickest way to check an ordering.
  public var trackTitles: [String] {
    compactMap { $0.track?.title }
  }

  /// The identifiers of the track rows, in order.
  public var trackIDs: [Track.ID] {
    compactMap { $0.track?.id }
  }
}
