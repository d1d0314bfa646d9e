import Domain

/// Whose cover an artwork identifier names: every artist and every playlist has one.
///
/// The rule, written once for the embedded catalog and the server: an artist's artwork identifier is `artist-`
/// before the artist's identifier, a playlist's is `playlist-` before the playlist's (`artist-solo`,
/// `playlist-mix`). A cover is generated from its artwork identifier, so the same owner has the same cover wherever
/// it is drawn.
///
/// ```swift
/// ArtworkOwner.artist("solo").artworkID                                    // "artist-solo"
/// ArtworkOwner(artworkID: "playlist-mix", where: { !$0.isEmpty })          // .playlist("mix")
/// ```
public enum ArtworkOwner: Hashable, Sendable {
  /// An artist's picture.
  case artist(Artist.ID)
  /// A playlist's cover.
  case playlist(Playlist.ID)

  /// What an artist's artwork identifier starts with: `artist-`.
  public static let artistPrefix = "artist-"
  /// What a playlist's artwork identifier starts with: `playlist-`.
  public static let playlistPrefix = "playlist-"

  /// The owner an artwork identifier names, or nil when it names none: another prefix, or an owner identifier
  /// that `ownerIDIsValid` refuses (each side says which identifiers can name something).
  public init?(artworkID: String, where ownerIDIsValid: (String) -> Bool) {
    if let id = Self.rest(of: artworkID, after: Self.artistPrefix, where: ownerIDIsValid) {
      self = .artist(Artist.ID(id))
    } else if let id = Self.rest(of: artworkID, after: Self.playlistPrefix, where: ownerIDIsValid) {
      self = .playlist(Playlist.ID(id))
    } else {
      return nil
    }
  }

  /// What follows `prefix` when `artworkID` starts with it and the rest is valid.
  ///
  /// Compared byte by byte, not by characters: `artist-` before a combining mark is still the prefix.
  private static func rest(of artworkID: String, after prefix: String, where isValid: (String) -> Bool) -> String? {
    guard artworkID.utf8.starts(with: prefix.utf8) else { return nil }
    let id = String(decoding: artworkID.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    return isValid(id) ? id : nil
  }

  /// The artwork identifier: the owner's kind as a prefix, then its identifier.
  public var artworkID: String {
    switch self {
    case .artist(let id): Self.artistPrefix + id.rawValue
    case .playlist(let id): Self.playlistPrefix + id.rawValue
    }
  }
}
