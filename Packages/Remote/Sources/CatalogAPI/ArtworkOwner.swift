import Domain
import Services

extension CatalogAPI {
  /// Whose cover an artwork identifier names: the services' rule (``Services/ArtworkOwner``), with the API's
  /// identifier rule for the owner's identifier.
  ///
  /// An artist's artwork identifier is `artist-` before the artist's identifier, a playlist's is `playlist-` before
  /// the playlist's (`artist-solo`, `playlist-mix`), served at ``Route/artwork`` (`/v1/artwork/artist-solo`). The
  /// owner's identifier follows ``Identifier/canName(_:)``; an artwork identifier with another prefix, or whose rest
  /// can name nothing, names no artwork.
  ///
  /// ```swift
  /// CatalogAPI.ArtworkOwner.artist("solo").artworkID            // "artist-solo"
  /// CatalogAPI.ArtworkOwner(artworkID: "playlist-mix")          // .playlist("mix")
  /// CatalogAPI.Path.artwork(CatalogAPI.ArtworkOwner.playlist("mix").artworkID)   // "/v1/artwork/playlist-mix"
  /// ```
  public typealias ArtworkOwner = Services.ArtworkOwner
}

extension Services.ArtworkOwner {
  /// The owner an artwork identifier names in the HTTP API, or nil when it names none (another prefix, or an owner
  /// identifier that ``CatalogAPI/Identifier/canName(_:)`` refuses).
  public init?(artworkID: String) {
    self.init(artworkID: artworkID, where: CatalogAPI.Identifier.canName)
  }

  /// The bytes of the longer prefix, which ``CatalogAPI/Limits/artworkIdentifierBytes`` allows beyond an identifier.
  static let longestPrefixBytes = max(artistPrefix.utf8.count, playlistPrefix.utf8.count)
}
