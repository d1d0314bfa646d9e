import Domain

extension CatalogAPI {
  /// Whose cover an artwork identifier names: every artist and every playlist has one.
  ///
  /// The rule: an artist's artwork identifier is `artist-` before the artist's identifier, a playlist's is
  /// `playlist-` before the playlist's (`artist-solo`, `playlist-mix`), served at
  /// ``Route/artwork`` (`/v1/artwork/artist-solo`). The owner's identifier follows ``Identifier/canName(_:)``;
  /// an artwork identifier with another prefix, or whose rest can name nothing, names no artwork.
  ///
  /// ```swift
  /// CatalogAPI.ArtworkOwner.artist("solo").artworkID            // "artist-solo"
  /// CatalogAPI.ArtworkOwner(artworkID: "playlist-mix")          // .playlist("mix")
  /// CatalogAPI.Path.artwork(CatalogAPI.ArtworkOwner.playlist("mix").artworkID)   // "/v1/artwork/playlist-mix"
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

    /// The bytes of the longer prefix, which ``Limits/artworkIdentifierBytes`` allows beyond an identifier.
    static let longestPrefixBytes = max(artistPrefix.utf8.count, playlistPrefix.utf8.count)

    /// The owner an artwork identifier names, or nil when it names none (another prefix, or an owner identifier
    /// that ``Identifier/canName(_:)`` refuses).
    public init?(artworkID: String) {
      if let id = Self.rest(of: artworkID, after: Self.artistPrefix) {
        self = .artist(Artist.ID(id))
      } else if let id = Self.rest(of: artworkID, after: Self.playlistPrefix) {
        self = .playlist(Playlist.ID(id))
      } else {
        return nil
      }
    }

    /// What follows `prefix` when `artworkID` starts with it and the rest can name something.
    ///
    /// Compared byte by byte, not by characters: `artist-` before a combining mark is still the prefix.
    private static func rest(of artworkID: String, after prefix: String) -> String? {
      guard artworkID.utf8.starts(with: prefix.utf8) else { return nil }
      let id = String(decoding: artworkID.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
      return Identifier.canName(id) ? id : nil
    }

    /// The artwork identifier: the owner's kind as a prefix, then its identifier.
    public var artworkID: String {
      switch self {
      case .artist(let id): Self.artistPrefix + id.rawValue
      case .playlist(let id): Self.playlistPrefix + id.rawValue
      }
    }
  }
}
